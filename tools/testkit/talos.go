package main

// The siderolabs/talos provider v0.12.0, offline. Everything the provider computes locally is
// computed here with Talos machinery v1.13.0; v0.12.0 links v1.14.0, whose configurations for
// the v1.13 contract the trees pin are byte for byte the same (generated with both, and
// v1.14.0-rc.1, from the provider's own generate options), so machine configurations are what
// the provider would send. What needs a node or the image factory (apply, bootstrap,
// kubeconfig, health, the extension catalogue) succeeds with well-formed values; talos_machine
// and talos_cluster act on a fake cluster (talos_machine.go). Behaviour per resource, with
// citations, follows pkg/talos/*.go of siderolabs/terraform-provider-talos (v0.11.0 where 0.12
// did not change it).

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	clientconfig "github.com/siderolabs/talos/pkg/machinery/client/config"
	"github.com/siderolabs/talos/pkg/machinery/config"
	"github.com/siderolabs/talos/pkg/machinery/config/bundle"
	"github.com/siderolabs/talos/pkg/machinery/config/configpatcher"
	"github.com/siderolabs/talos/pkg/machinery/config/encoder"
	"github.com/siderolabs/talos/pkg/machinery/config/generate"
	"github.com/siderolabs/talos/pkg/machinery/config/generate/secrets"
	"github.com/siderolabs/talos/pkg/machinery/config/machine"
	"github.com/siderolabs/talos/pkg/machinery/constants"
	"github.com/siderolabs/talos/pkg/machinery/gendata"
	"github.com/siderolabs/talos/pkg/machinery/platforms"
	"github.com/siderolabs/talos/pkg/machinery/role"
	"go.yaml.in/yaml/v4"
	"golang.org/x/mod/semver"

	"github.com/siderolabs/crypto/x509"
)

const defaultImageFactory = "https://factory.talos.dev" // provider.go:22

type talosDouble struct {
	factoryURL string
}

// defaultContract is semver.MajorMinor(gendata.VersionTag): "v1.13" (talos_machine_secrets_resource.go:531).
func defaultContract() string { return semver.MajorMinor(gendata.VersionTag) }

func talosBehaviour() providerBehaviour {
	t := &talosDouble{factoryURL: defaultImageFactory}
	endpointFromNode := func(change planChange) ([]string, []*tfprotov6.Diagnostic, error) {
		// ModifyPlan: nothing is computed while node or endpoint is unknown; a null endpoint is the node.
		if isUnknown(change.config["node"]) || isUnknown(change.config["endpoint"]) {
			return nil, nil, nil
		}
		if change.config["endpoint"] == nil {
			change.planned["endpoint"] = change.config["node"]
		}
		return nil, nil, nil
	}
	resources := map[string]resourceBehaviour{
		"talos_machine_secrets": {
			framework:          true,
			useStateForUnknown: map[string]bool{"id": true},
			modifyPlan:         t.planSecrets,
			apply:              t.applySecrets,
			importState:        t.importSecrets,
		},
		"talos_machine_configuration_apply": {
			framework:          true,
			defaults:           map[string]any{"apply_mode": "auto"},
			nestedDefaults:     onDestroyDefaults,
			useStateForUnknown: map[string]bool{"id": true, "machine_configuration": true, "machine_configuration_hash": true},
			modifyPlan:         t.planApply,
			apply: func(change planChange) error {
				change.planned["id"] = "machine_configuration_apply"
				return nil
			},
			// Delete resets the node when on_destroy.reset, as talos_machine's does (the same
			// on_destroy object and Reset call: talos_machine_configuration_apply_resource.go Delete).
			destroy: destroyMachine,
		},
		"talos_machine_bootstrap": {
			framework:          true,
			useStateForUnknown: map[string]bool{"id": true},
			modifyPlan:         endpointFromNode,
			apply: func(change planChange) error {
				change.planned["id"] = "machine_bootstrap"
				return nil
			},
			importState: func(string) (map[string]any, error) {
				return map[string]any{"id": "machine_bootstrap"}, nil
			},
		},
		"talos_cluster_kubeconfig": {
			framework:          true,
			defaults:           map[string]any{"certificate_renewal_duration": "720h"},
			useStateForUnknown: map[string]bool{"id": true, "kubeconfig_raw": true, "kubernetes_client_configuration": true},
			modifyPlan:         endpointFromNode,
			apply:              t.applyKubeconfig,
		},
		"talos_image_factory_schematic": {
			// id has no plan modifier: unknown whenever the schematic changes.
			framework: true,
			apply:     t.applySchematic,
		},
	}
	for name, behaviour := range machineLifecycleResources() {
		resources[name] = behaviour
	}
	return providerBehaviour{
		configure: func(config map[string]any) error {
			if u := str(config["image_factory_url"]); u != "" {
				t.factoryURL = u
			}
			return nil
		},
		resources: resources,
		dataSources: map[string]func(map[string]any) ([]*tfprotov6.Diagnostic, error){
			"talos_machine_configuration":             t.readMachineConfiguration,
			"talos_client_configuration":              t.readClientConfiguration,
			"talos_cluster_health":                    readClusterHealth,
			"talos_image_factory_urls":                t.readURLs,
			"talos_image_factory_extensions_versions": readExtensions,
		},
	}
}

// onDestroyDefaults: reset false, graceful true, reboot false, each only inside a set
// on_destroy (talos_machine_configuration_apply_resource.go:184-208).
func onDestroyDefaults(planned map[string]any) {
	onDestroy := object(planned["on_destroy"])
	if onDestroy == nil {
		return
	}
	for name, value := range map[string]any{"reset": false, "graceful": true, "reboot": false} {
		if onDestroy[name] == nil {
			onDestroy[name] = value
		}
	}
}

func (t *talosDouble) planSecrets(change planChange) ([]string, []*tfprotov6.Diagnostic, error) {
	if isUnknown(change.config["talos_version"]) {
		return nil, nil, nil
	}
	if change.planned["talos_version"] == nil || isUnknown(change.planned["talos_version"]) {
		change.planned["talos_version"] = defaultContract()
	}
	if change.prior == nil {
		return nil, nil, nil
	}
	// Only a lower contract replaces the secrets (talos_machine_secrets_resource.go:525-543).
	planned := "v" + strings.TrimPrefix(str(change.planned["talos_version"]), "v")
	prior := "v" + strings.TrimPrefix(str(change.prior["talos_version"]), "v")
	if semver.Compare(planned, prior) < 0 {
		return []string{"talos_version"}, nil, nil
	}
	// Update keeps the secrets (the framework's Update starts from the prior state).
	change.planned["machine_secrets"] = change.prior["machine_secrets"]
	change.planned["client_configuration"] = change.prior["client_configuration"]
	return nil, nil, nil
}

func (t *talosDouble) applySecrets(change planChange) error {
	change.planned["id"] = "machine_secrets"
	if change.prior != nil && change.prior["machine_secrets"] != nil {
		change.planned["machine_secrets"] = change.prior["machine_secrets"]
		change.planned["client_configuration"] = change.prior["client_configuration"]
		return nil
	}
	contract, err := config.ParseContractFromVersion(str(change.planned["talos_version"]))
	if err != nil {
		return err
	}
	generated, err := secrets.NewBundle(secrets.NewFixedClock(time.Now()), contract)
	if err != nil {
		return err
	}
	return setSecrets(change.planned, generated)
}

// importSecrets reads a talosctl/talhelper secrets.yaml (talos_machine_secrets_resource.go:603-646).
func (t *talosDouble) importSecrets(path string) (map[string]any, error) {
	loaded, err := secrets.LoadBundle(path)
	if err != nil {
		return nil, err
	}
	state := map[string]any{"id": "machine_secrets", "talos_version": "v1.3"}
	if loaded.Secrets.AESCBCEncryptionSecret != "" {
		state["talos_version"] = "v1.2"
	}
	loaded.Clock = secrets.NewFixedClock(time.Now())
	return state, setSecrets(state, loaded)
}

func b64(data []byte) string { return base64.StdEncoding.EncodeToString(data) }

// setSecrets is the bundle as the provider's state holds it (util.go:138-209).
func setSecrets(state map[string]any, s *secrets.Bundle) error {
	pair := func(p *x509.PEMEncodedCertificateAndKey) any {
		if p == nil || p.Crt == nil {
			return nil
		}
		return map[string]any{"cert": b64(p.Crt), "key": b64(p.Key)}
	}
	secretsObject := map[string]any{
		"bootstrap_token":             s.Secrets.BootstrapToken,
		"secretbox_encryption_secret": s.Secrets.SecretboxEncryptionSecret,
		"aescbc_encryption_secret":    nil,
	}
	if s.Secrets.AESCBCEncryptionSecret != "" {
		secretsObject["aescbc_encryption_secret"] = s.Secrets.AESCBCEncryptionSecret
	}
	state["machine_secrets"] = map[string]any{
		"cluster":    map[string]any{"id": s.Cluster.ID, "secret": s.Cluster.Secret},
		"secrets":    secretsObject,
		"trustdinfo": map[string]any{"token": s.TrustdInfo.Token},
		"certs": map[string]any{
			"etcd":               pair(s.Certs.Etcd),
			"k8s":                pair(s.Certs.K8s),
			"k8s_aggregator":     pair(s.Certs.K8sAggregator),
			"k8s_serviceaccount": map[string]any{"key": b64(s.Certs.K8sServiceAccount.Key)},
			"os":                 pair(s.Certs.OS),
		},
	}
	client, err := s.GenerateTalosAPIClientCertificateWithTTL(role.MakeSet(role.Admin), constants.TalosAPIDefaultCertificateValidityDuration)
	if err != nil {
		return err
	}
	state["client_configuration"] = map[string]any{
		"ca_certificate":     b64(s.Certs.OS.Crt),
		"client_certificate": b64(client.Crt),
		"client_key":         b64(client.Key),
	}
	return nil
}

func unb64(x any) ([]byte, error) { return base64.StdEncoding.DecodeString(str(x)) }

// bundleFromState rebuilds the secrets bundle (talos_machine_configuration_data_source.go:143-172, 372-433).
func bundleFromState(machineSecrets map[string]any) (*secrets.Bundle, error) {
	certs := object(machineSecrets["certs"])
	pair := func(name string) (*x509.PEMEncodedCertificateAndKey, error) {
		p := object(certs[name])
		crt, err := unb64(p["cert"])
		if err != nil {
			return nil, fmt.Errorf("certs.%s.cert: %w", name, err)
		}
		key, err := unb64(p["key"])
		if err != nil {
			return nil, fmt.Errorf("certs.%s.key: %w", name, err)
		}
		return &x509.PEMEncodedCertificateAndKey{Crt: crt, Key: key}, nil
	}
	out := &secrets.Bundle{
		Clock:      secrets.NewFixedClock(time.Now()),
		Cluster:    &secrets.Cluster{ID: str(object(machineSecrets["cluster"])["id"]), Secret: str(object(machineSecrets["cluster"])["secret"])},
		TrustdInfo: &secrets.TrustdInfo{Token: str(object(machineSecrets["trustdinfo"])["token"])},
		Secrets: &secrets.Secrets{
			BootstrapToken:            str(object(machineSecrets["secrets"])["bootstrap_token"]),
			SecretboxEncryptionSecret: str(object(machineSecrets["secrets"])["secretbox_encryption_secret"]),
			AESCBCEncryptionSecret:    str(object(machineSecrets["secrets"])["aescbc_encryption_secret"]),
		},
		Certs: &secrets.Certs{},
	}
	var err error
	for name, target := range map[string]**x509.PEMEncodedCertificateAndKey{
		"etcd": &out.Certs.Etcd, "k8s": &out.Certs.K8s, "k8s_aggregator": &out.Certs.K8sAggregator, "os": &out.Certs.OS,
	} {
		if *target, err = pair(name); err != nil {
			return nil, err
		}
	}
	serviceAccount, err := unb64(object(certs["k8s_serviceaccount"])["key"])
	if err != nil {
		return nil, err
	}
	out.Certs.K8sServiceAccount = &x509.PEMEncodedKey{Key: serviceAccount}
	return out, nil
}

func stringList(x any) []string {
	items, _ := x.([]any)
	out := make([]string, 0, len(items))
	for _, item := range items {
		out = append(out, str(item))
	}
	return out
}

func allKnown(x any) bool {
	if isUnknown(x) {
		return false
	}
	items, _ := x.([]any)
	for _, item := range items {
		if isUnknown(item) {
			return false
		}
	}
	return true
}

// readMachineConfiguration generates the configuration as util.go:55-131 does.
func (t *talosDouble) readMachineConfiguration(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	if state["kubernetes_version"] == nil {
		state["kubernetes_version"] = constants.DefaultKubernetesVersion
	}
	if state["talos_version"] == nil {
		state["talos_version"] = defaultContract()
	}
	machineSecrets := object(state["machine_secrets"])
	if machineSecrets == nil || !allKnown(state["config_patches"]) {
		return nil, fmt.Errorf("machine_secrets and config_patches must be known to read")
	}
	generated, err := bundleFromState(machineSecrets)
	if err != nil {
		return nil, err
	}
	contract, err := config.ParseContractFromVersion(str(state["talos_version"]))
	if err != nil {
		return nil, err
	}
	machineType, err := machine.ParseType(str(state["machine_type"]))
	if err != nil {
		return nil, err
	}
	comments := encoder.CommentsDisabled
	if b, _ := state["docs"].(bool); b {
		comments |= encoder.CommentsDocs
	}
	if b, _ := state["examples"].(bool); b {
		comments |= encoder.CommentsExamples
	}
	patches, err := configpatcher.LoadPatches(stringList(state["config_patches"]))
	if err != nil {
		return nil, fmt.Errorf("error parsing config patch: %w", err)
	}
	options := []bundle.Option{
		bundle.WithInputOptions(&bundle.InputOptions{
			ClusterName: str(state["cluster_name"]),
			Endpoint:    str(state["cluster_endpoint"]),
			KubeVersion: strings.TrimPrefix(str(state["kubernetes_version"]), "v"),
			GenOptions: []generate.Option{
				generate.WithClusterDiscovery(true),
				generate.WithDNSDomain(constants.DefaultDNSDomain),
				generate.WithInstallDisk("/dev/sda"),
				generate.WithInstallImage(fmt.Sprintf("%s/%s/installer:%s", gendata.ImagesRegistry, gendata.ImagesUsername, gendata.VersionTag)),
				generate.WithSecretsBundle(generated),
				generate.WithVersionContract(contract),
			},
		}),
		bundle.WithVerbose(false),
	}
	if machineType == machine.TypeControlPlane {
		options = append(options, bundle.WithPatchControlPlane(patches))
	} else {
		options = append(options, bundle.WithPatchWorker(patches))
	}
	configBundle, err := bundle.NewBundle(options...)
	if err != nil {
		return nil, err
	}
	out, err := configBundle.Serialize(comments, machineType)
	if err != nil {
		return nil, err
	}
	state["machine_configuration"] = string(out)
	state["id"] = state["cluster_name"]
	return nil, nil
}

// planApply computes the configuration sent to the node at plan time
// (talos_machine_configuration_apply_resource.go:1010-1151).
func (t *talosDouble) planApply(change planChange) ([]string, []*tfprotov6.Diagnostic, error) {
	if isUnknown(change.config["node"]) || isUnknown(change.config["endpoint"]) {
		return nil, nil, nil
	}
	if change.config["endpoint"] == nil {
		change.planned["endpoint"] = change.config["node"]
	}
	input := change.config["machine_configuration_input_wo"]
	writeOnly := input != nil && !isUnknown(input)
	if !writeOnly {
		input = change.config["machine_configuration_input"]
	}
	if input == nil || isUnknown(input) || !allKnown(change.config["config_patches"]) {
		// v0.12 (024ce5a, #352): both unknown, so the apply's value is not "inconsistent" with
		// a plan that kept the old configuration.
		change.planned["machine_configuration_hash"] = unknown{}
		if !writeOnly {
			change.planned["machine_configuration"] = unknown{}
		}
		return nil, nil, nil
	}
	patches, err := configpatcher.LoadPatches(stringList(change.config["config_patches"]))
	if err != nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Error loading config patches", Detail: err.Error()}}, nil
	}
	patched, err := configpatcher.Apply(configpatcher.WithBytes([]byte(str(input))), patches)
	if err != nil {
		return nil, []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Error applying config patches", Detail: err.Error()}}, nil
	}
	out, err := patched.Bytes()
	if err != nil {
		return nil, nil, err
	}
	sum := sha256.Sum256(out)
	change.planned["machine_configuration_hash"] = hex.EncodeToString(sum[:])
	if writeOnly {
		change.planned["machine_configuration"] = nil
	} else {
		change.planned["machine_configuration"] = string(out)
	}
	// Offline, the dry run of staged_if_needing_reboot fails and the provider falls back to auto
	// with a warning (:985-996); every other mode resolves to itself.
	mode := strings.ToLower(str(change.planned["apply_mode"]))
	if mode == "" || mode == "staged_if_needing_reboot" {
		mode = "auto"
	}
	change.planned["resolved_apply_mode"] = mode
	return nil, nil, nil
}

func (t *talosDouble) applyKubeconfig(change planChange) error {
	clusterName := "talos"
	host := fmt.Sprintf("https://%s:6443", hostForURL(str(change.planned["endpoint"])))
	ca, cert, key, err := kubeconfigCertificates(str(change.planned["node"]))
	if err != nil {
		return err
	}
	change.planned["id"] = clusterName
	change.planned["kubernetes_client_configuration"] = map[string]any{
		"host": host, "ca_certificate": b64(ca), "client_certificate": b64(cert), "client_key": b64(key),
	}
	// The shape of what a node returns (talos pkg/kubeconfig/generate.go), with its own certificates.
	change.planned["kubeconfig_raw"] = fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: %[1]s
  cluster:
    server: %[2]s
    certificate-authority-data: %[3]s
users:
- name: admin@%[1]s
  user:
    client-certificate-data: %[4]s
    client-key-data: %[5]s
contexts:
- name: admin@%[1]s
  context:
    cluster: %[1]s
    namespace: default
    user: admin@%[1]s
current-context: admin@%[1]s
`, clusterName, host, b64(ca), b64(cert), b64(key))
	return nil
}

func hostForURL(host string) string {
	if strings.Contains(host, ":") && !strings.HasPrefix(host, "[") {
		return "[" + host + "]"
	}
	return host
}

func readClusterHealth(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	state["id"] = "cluster_health"
	return nil, nil
}

func (t *talosDouble) readClientConfiguration(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	client := object(state["client_configuration"])
	ca, err := unb64(client["ca_certificate"])
	if err != nil {
		return nil, err
	}
	crt, err := unb64(client["client_certificate"])
	if err != nil {
		return nil, err
	}
	key, err := unb64(client["client_key"])
	if err != nil {
		return nil, err
	}
	name := str(state["cluster_name"])
	talosConfig := clientconfig.NewConfig(name, nil, ca, &x509.PEMEncodedCertificateAndKey{Crt: crt, Key: key})
	if endpoints := stringList(state["endpoints"]); len(endpoints) > 0 {
		talosConfig.Contexts[name].Endpoints = endpoints
	}
	if nodes := stringList(state["nodes"]); len(nodes) > 0 {
		talosConfig.Contexts[name].Nodes = nodes
	}
	out, err := talosConfig.Bytes()
	if err != nil {
		return nil, err
	}
	state["talos_config"] = string(out)
	state["id"] = name
	return nil, nil
}

// schematic is the image factory's schematic document (siderolabs/image-factory
// pkg/schematic, v1.1.0): its id is the SHA-256 of this YAML encoding.
type schematic struct {
	Overlay       schematicOverlay       `yaml:"overlay,omitempty"`
	Customization schematicCustomization `yaml:"customization"`
}

type schematicCustomization struct {
	ExtraKernelArgs  []string            `yaml:"extraKernelArgs,omitempty"`
	Meta             []schematicMeta     `yaml:"meta,omitempty"`
	SystemExtensions schematicExtensions `yaml:"systemExtensions,omitempty"`
	Bootloader       string              `yaml:"bootloader,omitempty"`
	SecureBoot       schematicSecureBoot `yaml:"secureboot,omitempty"`
}

type schematicMeta struct {
	Key   uint8  `yaml:"key"`
	Value string `yaml:"value"`
}

type schematicExtensions struct {
	OfficialExtensions []string `yaml:"officialExtensions,omitempty"`
}

type schematicOverlay struct {
	Image   string         `yaml:"image"`
	Name    string         `yaml:"name"`
	Options map[string]any `yaml:"options,omitempty"`
}

type schematicSecureBoot struct {
	IncludeWellKnownCertificates bool `yaml:"includeWellKnownCertificates,omitempty"`
}

// schematicID: the provider reads the YAML loosely into the struct (unknown fields drop),
// the factory hashes the struct's YAML (talos_image_factory_schematic_resource.go:84-115).
func schematicID(text string) (string, error) {
	var s schematic
	if err := yaml.Unmarshal([]byte(text), &s); err != nil {
		return "", err
	}
	out, err := yaml.Marshal(&s)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(out)
	return hex.EncodeToString(sum[:]), nil
}

func (t *talosDouble) applySchematic(change planChange) error {
	id, err := schematicID(str(change.planned["schematic"]))
	if err != nil {
		return err
	}
	change.planned["id"] = id
	return nil
}

// readURLs formats the factory's URLs locally, as the provider does (talos_image_factory_urls_data_source.go:236-347).
func (t *talosDouble) readURLs(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	arch := str(state["architecture"])
	if arch == "" {
		arch = platforms.ArchAmd64
		state["architecture"] = arch
	}
	platform := str(state["platform"])
	version := "v" + strings.TrimPrefix(str(state["talos_version"]), "v")
	id := str(state["schematic_id"])
	base, err := url.Parse(t.factoryURL)
	if err != nil {
		return nil, err
	}
	image := func(path string) string { return fmt.Sprintf("%s/image/%s/%s/%s", t.factoryURL, id, version, path) }
	pxe := func(path string) string {
		return fmt.Sprintf("%s://pxe.%s/pxe/%s/%s/%s", base.Scheme, base.Host, id, version, path)
	}
	urls := map[string]any{"installer": fmt.Sprintf("%s/%s-installer/%s:%s", base.Host, platform, id, version)}
	secureBootInstaller := fmt.Sprintf("%s/%s-installer-secureboot/%s:%s", base.Host, platform, id, version)
	switch platform {
	case "metal":
		p := platforms.MetalPlatform()
		urls["installer_secureboot"] = secureBootInstaller
		urls["iso"] = image(p.ISOPath(arch))
		urls["iso_secureboot"] = image(p.SecureBootISOPath(arch))
		urls["disk_image"] = image(p.DiskImageDefaultPath(arch))
		urls["disk_image_secureboot"] = image(p.SecureBootDiskImageDefaultPath(arch))
		urls["pxe"] = pxe(p.PXEScriptPath(arch))
		urls["kernel"] = image(p.KernelPath(arch))
		urls["kernel_command_line"] = image(p.CmdlinePath(arch))
		urls["initramfs"] = image(p.InitramfsPath(arch))
		urls["uki"] = image(p.SecureBootUKIPath(arch))
	case "":
		urls["installer"] = fmt.Sprintf("%s/metal-installer/%s:%s", base.Host, id, version)
		urls["disk_image"] = image("metal-arm64.raw.xz")
	default:
		var found *platforms.Platform
		for _, candidate := range platforms.CloudPlatforms() {
			if candidate.Name == platform {
				found = &candidate
			}
		}
		if found == nil {
			return nil, fmt.Errorf("failed to find platform %s", platform)
		}
		if found.SecureBootSupported {
			urls["installer_secureboot"] = secureBootInstaller
		}
		for _, method := range found.BootMethods {
			switch method {
			case platforms.BootMethodDiskImage:
				urls["disk_image"] = image(found.DiskImageDefaultPath(arch))
				if found.SecureBootSupported {
					urls["disk_image_secureboot"] = image(found.SecureBootDiskImageDefaultPath(arch))
				}
			case platforms.BootMethodPXE:
				urls["pxe"] = pxe(found.PXEScriptPath(arch))
			case platforms.BootMethodISO:
				urls["iso"] = image(found.ISOPath(arch))
				if found.SecureBootSupported {
					urls["iso_secureboot"] = image(found.SecureBootISOPath(arch))
				}
			}
		}
	}
	for _, name := range []string{"installer", "installer_secureboot", "iso", "iso_secureboot", "disk_image", "disk_image_secureboot", "pxe", "kernel", "kernel_command_line", "initramfs", "uki"} {
		if _, ok := urls[name]; !ok {
			urls[name] = nil
		}
	}
	state["urls"] = urls
	state["id"] = ""
	return nil, nil
}

// readExtensions answers from a catalogue of the names asked for: the real one lists the
// factory's official extensions for the version (a network call), filtered by exact name or
// by substring (talos_image_factory_extensions_versions_data_source.go:126-210).
func readExtensions(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	names := stringList(object(state["exact_filters"])["names"])
	names = append(names, stringList(object(state["filters"])["names"])...)
	sort.Strings(names)
	var info []any
	seen := map[string]bool{}
	for _, name := range names {
		if seen[name] {
			continue
		}
		seen[name] = true
		info = append(info, map[string]any{
			"name":        name,
			"ref":         fmt.Sprintf("ghcr.io/%s:double", name),
			"digest":      "sha256:" + shortHash("extension", name) + strings.Repeat("0", 52),
			"author":      "Sidero Labs",
			"description": "offline double of " + name,
		})
	}
	if info == nil {
		info = []any{}
	}
	state["extensions_info"] = info
	state["id"] = "extensions_info"
	return nil, nil
}
