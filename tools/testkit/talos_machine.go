package main

// siderolabs/talos provider v0.12.0's talos_machine and talos_cluster, played against a fake
// Talos cluster so that a test can see what an apply does to each node, in which order.
//
// The behaviour follows pkg/talos/talos_machine_resource.go and talos_cluster_resource.go of
// siderolabs/terraform-provider-talos (main at 6d1a91c, plus what PRs #385, #386, #397, #403
// and #409 changed before the v0.12.0 release, #410):
//
//   - ModifyPlan: endpoint defaults to node; machine_configuration_hash is unknown when the
//     configuration is unknown or its normalised hash differs from the state's (the only
//     "configuration changed" signal Update reads); with ignore_kubernetes_upgrade_drift the
//     Kubernetes images' tags are left out of the hash (config_hash.go).
//   - Create: ApplyConfiguration(AUTO), wait for boot (CRI healthy), then, when image is set,
//     upgrade if the running tag or (Image Factory installers) the running schematic differs.
//   - Update: an image that differs from the state's upgrades first (pull, install, cordon and
//     drain, reboot tracked until the machine is Ready again: on a control plane that is etcd
//     healthy, static pods and the Kubernetes Node Ready; uncordon), then the configuration is
//     applied if its hash changed.
//   - Read: image's tag follows the running version, the hash the active configuration.
//   - Delete: nothing unless on_destroy.reset; then Reset (graceful: the node leaves etcd).
//   - talos_cluster: Create bootstraps (AlreadyExists is success) and waits for the
//     pre-boot checks over control_plane_nodes; Update runs upgrade-k8s when
//     kubernetes_version changes (one minor at a time, every node's Talos must support it).
//
// The fake cluster lives in $TESTKIT_TALOS_STATE (a folder): nodes.json, cluster.json and
// log.jsonl, every operation on a node in the order it happened. Without the variable the
// resources only compute their state. A node reboots for rebootDelay; a control plane down
// while too many others are down loses etcd quorum, and the apply fails, as it would.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"go.yaml.in/yaml/v4"
)

const (
	// The image a node's state falls back to when it has none (pkg/images/images.go
	// InstallerImageRepository("metal"), the vanilla schematic).
	defaultInstallerRepository = "factory.talos.dev/metal-installer/376567988ad370138ad8b2698212367b8edcb69b5fd68c80be1f2ec7d603b4ba"
	rebootDelay                = 300 * time.Millisecond
)

// errorDiagnostic is one error with its summary and detail.
func errorDiagnostic(summary, detail string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: detail}}
}

// --- the configuration hash (pkg/talos/config_hash.go) ---

// kubernetesImagePaths are the v1alpha1 paths whose image tag upgrade-k8s owns (config_hash.go:26-32).
var kubernetesImagePaths = [][]string{
	{"machine", "kubelet", "image"},
	{"cluster", "apiServer", "image"},
	{"cluster", "controllerManager", "image"},
	{"cluster", "scheduler", "image"},
	{"cluster", "proxy", "image"},
}

// kubernetesImageKinds are the documents whose top-level image upgrade-k8s owns (config_hash.go:41-46, #379).
var kubernetesImageKinds = map[string]bool{
	"KubeAPIServerConfig": true, "KubeControllerManagerConfig": true, "KubeSchedulerConfig": true, "KubeProxyConfig": true, "KubeletConfig": true,
}

// stripImageTag drops the tag of an image reference: after the last ':' unless a '/' follows
// it (a registry port); a digest reference is left whole (#403).
func stripImageTag(image string) string {
	if strings.Contains(image, "@") {
		return image
	}
	colon := strings.LastIndex(image, ":")
	if colon < 0 || strings.Contains(image[colon:], "/") {
		return image
	}
	return image[:colon]
}

// replaceImageTag gives image the tag tag (talos_machine_resource.go replaceImageTag).
func replaceImageTag(image, tag string) string {
	if strings.Contains(image, "@") {
		return image
	}
	return stripImageTag(image) + ":" + tag
}

// configHash is NormalizedConfigHash, or K8sManagedConfigHash with ignoreKubernetes: every
// document decoded and written again with sorted keys, joined by "---\n", sha256 in hex. A
// configuration that does not parse is hashed as its bytes.
func configHash(text string, ignoreKubernetes bool) string {
	decoder := yaml.NewDecoder(strings.NewReader(text))
	var parts []string
	for {
		var document map[string]any
		err := decoder.Decode(&document)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			sum := sha256.Sum256([]byte(text))
			return hex.EncodeToString(sum[:])
		}
		if document == nil {
			continue
		}
		if ignoreKubernetes {
			stripKubernetesTags(document)
		}
		out, err := yaml.Marshal(document)
		if err != nil {
			sum := sha256.Sum256([]byte(text))
			return hex.EncodeToString(sum[:])
		}
		parts = append(parts, string(out))
	}
	sum := sha256.Sum256([]byte(strings.Join(parts, "---\n")))
	return hex.EncodeToString(sum[:])
}

func stripKubernetesTags(document map[string]any) {
	if kind, _ := document["kind"].(string); kubernetesImageKinds[kind] {
		if image, ok := document["image"].(string); ok {
			document["image"] = stripImageTag(image)
		}
		return
	}
	for _, path := range kubernetesImagePaths {
		node := document
		for i, key := range path {
			if i == len(path)-1 {
				if image, ok := node[key].(string); ok {
					node[key] = stripImageTag(image)
				}
				break
			}
			next, ok := node[key].(map[string]any)
			if !ok {
				break
			}
			node = next
		}
	}
}

// factorySchematic is the schematic of an Image Factory installer reference:
// <registry>/[<platform>-]installer[-secureboot]/<schematic>:<version> (#397).
func factorySchematic(image string) (string, bool) {
	if strings.Contains(image, "@") {
		return "", false
	}
	repository := stripImageTag(image)
	parts := strings.Split(repository, "/")
	if len(parts) < 2 {
		return "", false
	}
	installer, schematic := parts[len(parts)-2], parts[len(parts)-1]
	if schematic == "" {
		return "", false
	}
	if installer == "installer" || installer == "installer-secureboot" || strings.HasSuffix(installer, "-installer") || strings.HasSuffix(installer, "-installer-secureboot") {
		return schematic, true
	}
	return "", false
}

func imageTag(image string) string {
	stripped := stripImageTag(image)
	if stripped == image {
		return ""
	}
	return image[len(stripped)+1:]
}

// --- the fake Talos cluster ---

type fakeNode struct {
	// What the node runs: the Talos tag and the Image Factory schematic of its installer.
	Version   string `json:"version"`
	Schematic string `json:"schematic"`
	// The active machine configuration, and its machine type.
	Config string `json:"config"`
	Type   string `json:"type"`
	BootID int    `json:"bootId"`
	// An etcd member (a control plane that joined), and whether it is down (rebooting).
	Member bool `json:"member"`
	Down   bool `json:"down"`
	// Dead: the machine is gone for good (a test kills it); it never answers again.
	Dead bool `json:"dead,omitempty"`
	// Reset: left etcd, wiped, off.
	Reset bool `json:"reset"`
}

type fakeCluster struct {
	Bootstrapped bool   `json:"bootstrapped"`
	Kubernetes   string `json:"kubernetes"`
}

type logEntry struct {
	Node   string `json:"node"`
	Op     string `json:"op"`
	Detail string `json:"detail,omitempty"`
}

// fakeTalos is the folder of the fake cluster; its files change under an exclusive lock.
type fakeTalos struct {
	dir string
	mu  sync.Mutex
}

var fake = func() *fakeTalos {
	dir := os.Getenv("TESTKIT_TALOS_STATE")
	if dir == "" {
		return nil
	}
	return &fakeTalos{dir: dir}
}()

// with runs change on the fake cluster's files, under a lock that other provider processes respect too.
func (f *fakeTalos) with(change func(nodes map[string]*fakeNode, cluster *fakeCluster, log func(node, op, detail string)) error) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := os.MkdirAll(f.dir, 0o755); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(f.dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN) //nolint:errcheck
	nodes := map[string]*fakeNode{}
	cluster := &fakeCluster{}
	if err := readJSON(filepath.Join(f.dir, "nodes.json"), &nodes); err != nil {
		return err
	}
	if err := readJSON(filepath.Join(f.dir, "cluster.json"), cluster); err != nil {
		return err
	}
	var entries []logEntry
	err = change(nodes, cluster, func(node, op, detail string) { entries = append(entries, logEntry{node, op, detail}) })
	if writeErr := writeJSON(filepath.Join(f.dir, "nodes.json"), nodes); writeErr != nil {
		return writeErr
	}
	if writeErr := writeJSON(filepath.Join(f.dir, "cluster.json"), cluster); writeErr != nil {
		return writeErr
	}
	if len(entries) > 0 {
		file, openErr := os.OpenFile(filepath.Join(f.dir, "log.jsonl"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if openErr != nil {
			return openErr
		}
		defer file.Close()
		for _, entry := range entries {
			line, _ := json.Marshal(entry)
			if _, writeErr := file.Write(append(line, '\n')); writeErr != nil {
				return writeErr
			}
		}
	}
	return err
}

func readJSON(path string, into any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}

func writeJSON(path string, value any) error {
	data, err := json.MarshalIndent(value, "", "  ")
	if err != nil {
		return err
	}
	temp := path + ".tmp"
	if err := os.WriteFile(temp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(temp, path)
}

func machineType(config string) string {
	decoder := yaml.NewDecoder(strings.NewReader(config))
	for {
		var document map[string]any
		if err := decoder.Decode(&document); err != nil {
			return ""
		}
		if machine, ok := document["machine"].(map[string]any); ok {
			if t, ok := machine["type"].(string); ok {
				return t
			}
		}
	}
}

// quorumLost says which control planes are down when more than a minority of the etcd members is.
func quorumLost(nodes map[string]*fakeNode) []string {
	members, down := 0, []string{}
	for name, node := range nodes {
		if !node.Member || node.Reset {
			continue
		}
		members++
		if node.Down || node.Dead {
			down = append(down, name)
		}
	}
	sort.Strings(down)
	if len(down) > 0 && len(down) > (members-1)/2 {
		return down
	}
	return nil
}

// applyConfiguration is ApplyConfiguration(AUTO), then the wait for boot (CRI healthy). A node
// the fake cluster has not seen is in maintenance mode, running the media it booted, which the
// tree builds at the image's version and schematic.
func (f *fakeTalos) applyConfiguration(node, config, image string) error {
	return f.with(func(nodes map[string]*fakeNode, cluster *fakeCluster, log func(string, string, string)) error {
		n := nodes[node]
		if n == nil || n.Reset {
			schematic, _ := factorySchematic(image)
			n = &fakeNode{Version: imageTag(image), Schematic: schematic}
			nodes[node] = n
		}
		n.Config = config
		n.Type = machineType(config)
		// A control plane configured in a bootstrapped cluster joins etcd.
		if cluster.Bootstrapped && n.Type == "controlplane" {
			n.Member = true
		}
		log(node, "apply-config", "auto")
		log(node, "wait-boot", "")
		return nil
	})
}

// upgrade is pull, install, cordon and drain, reboot, then (on the update path) the wait until
// the machine is Ready again, and uncordon (talosMachineUpgrade).
func (f *fakeTalos) upgrade(node, image string, drain bool, waitReady bool) error {
	if err := f.with(func(nodes map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
		n := nodes[node]
		if n == nil {
			return fmt.Errorf("node %s is not reachable", node)
		}
		log(node, "pull", image)
		log(node, "install", image)
		if drain {
			log(node, "cordon-drain", "")
		}
		log(node, "reboot", "")
		n.Down = true
		if down := quorumLost(nodes); down != nil {
			log(node, "etcd-quorum-lost", strings.Join(down, ","))
			return fmt.Errorf("etcd lost quorum: %s down at once", strings.Join(down, ", "))
		}
		return nil
	}); err != nil {
		return err
	}
	time.Sleep(rebootDelay)
	return f.with(func(nodes map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
		n := nodes[node]
		n.Down = false
		n.BootID++
		n.Version = imageTag(image)
		if schematic, ok := factorySchematic(image); ok {
			n.Schematic = schematic
		}
		if waitReady {
			// action.MachineReadyEventFn: on a control plane, etcd healthy; static pods; Node Ready.
			log(node, "machine-ready", "")
		} else {
			log(node, "wait-boot", "")
		}
		if drain {
			log(node, "uncordon", "")
		}
		return nil
	})
}

// --- talos_machine ---

func validateMachine(config map[string]any) []*tfprotov6.Diagnostic {
	count := func(names ...string) int {
		n := 0
		for _, name := range names {
			if config[name] != nil {
				n++
			}
		}
		return n
	}
	if count("client_configuration", "client_configuration_wo") != 1 {
		return errorDiagnostic("Invalid client configuration", "exactly one of client_configuration and client_configuration_wo must be set")
	}
	if count("machine_configuration", "machine_configuration_wo") != 1 {
		return errorDiagnostic("Invalid machine configuration", "exactly one of machine_configuration and machine_configuration_wo must be set")
	}
	if count("kubeconfig", "kubeconfig_wo") > 1 {
		return errorDiagnostic("Invalid kubeconfig", "kubeconfig and kubeconfig_wo are mutually exclusive")
	}
	image := config["image"]
	drain := config["drain_on_upgrade"]
	if image != nil && !isUnknown(image) && (drain == nil || drain == true) {
		kubeconfig := config["kubeconfig"]
		if kubeconfig == nil {
			kubeconfig = config["kubeconfig_wo"]
		}
		if !isUnknown(kubeconfig) && strings.TrimSpace(str(kubeconfig)) == "" {
			return errorDiagnostic("Missing kubeconfig for drain", "drain_on_upgrade needs kubeconfig or kubeconfig_wo when image is set")
		}
	}
	return nil
}

func machineConfigurationOf(config map[string]any) any {
	if wo := config["machine_configuration_wo"]; wo != nil {
		return wo
	}
	return config["machine_configuration"]
}

func planMachine(change planChange) ([]string, []*tfprotov6.Diagnostic, error) {
	if change.config["endpoint"] == nil && !isUnknown(change.config["node"]) {
		change.planned["endpoint"] = change.config["node"]
	}
	configuration := machineConfigurationOf(change.config)
	if configuration == nil || isUnknown(configuration) {
		change.planned["machine_configuration_hash"] = unknown{}
		return nil, nil, nil
	}
	hash := configHash(str(configuration), change.planned["ignore_kubernetes_upgrade_drift"] == true)
	if change.prior == nil || str(change.prior["machine_configuration_hash"]) != hash {
		change.planned["machine_configuration_hash"] = unknown{}
	} else {
		change.planned["machine_configuration_hash"] = change.prior["machine_configuration_hash"]
	}
	return nil, nil, nil
}

func applyMachine(change planChange) error {
	p := change.planned
	node := str(p["node"])
	configuration := str(machineConfigurationOf(change.config))
	ignore := p["ignore_kubernetes_upgrade_drift"] == true
	drain := p["drain_on_upgrade"] != false
	image := ""
	if p["image"] != nil && !isUnknown(p["image"]) {
		image = str(p["image"])
	}
	if change.prior == nil {
		// Create: the configuration first, then an upgrade if the node runs another image.
		if fake != nil {
			if err := fake.with(func(_ map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
				log(node, "begin", "create")
				return nil
			}); err != nil {
				return err
			}
			if err := fake.applyConfiguration(node, configuration, image); err != nil {
				return err
			}
			if image != "" {
				var needed bool
				if err := fake.with(func(nodes map[string]*fakeNode, _ *fakeCluster, _ func(string, string, string)) error {
					n := nodes[node]
					schematic, isFactory := factorySchematic(image)
					needed = n.Version != imageTag(image) || (isFactory && n.Schematic != schematic)
					return nil
				}); err != nil {
					return err
				}
				if needed {
					if err := fake.upgrade(node, image, drain, false); err != nil {
						return err
					}
				}
			}
			if err := fake.with(func(_ map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
				log(node, "end", "create")
				return nil
			}); err != nil {
				return err
			}
		}
		if image == "" && isUnknown(p["image"]) {
			p["image"] = nil
		}
		p["machine_configuration_hash"] = configHash(configuration, ignore)
		p["id"] = node
		return nil
	}
	imageChanged := image != "" && image != str(change.prior["image"])
	configChanged := isUnknown(p["machine_configuration_hash"])
	if fake != nil && (imageChanged || configChanged) {
		if err := fake.with(func(_ map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
			log(node, "begin", "update")
			return nil
		}); err != nil {
			return err
		}
	}
	// The OS first, so that the upgraded node accepts the new configuration.
	if imageChanged && fake != nil {
		if err := fake.upgrade(node, image, drain, true); err != nil {
			return err
		}
	}
	p["machine_configuration_hash"] = change.prior["machine_configuration_hash"]
	if configChanged || imageChanged {
		hash := configHash(configuration, ignore)
		if hash != str(change.prior["machine_configuration_hash"]) {
			if fake != nil {
				if err := fake.applyConfiguration(node, configuration, image); err != nil {
					return err
				}
			}
			p["machine_configuration_hash"] = hash
		}
	}
	if fake != nil && (imageChanged || configChanged) {
		if err := fake.with(func(_ map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
			log(node, "end", "update")
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// readMachine: image's tag is the running version, the hash is the active configuration's.
func readMachine(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	if fake == nil || state["client_configuration"] == nil {
		return nil, nil
	}
	node := str(state["node"])
	var diagnostics []*tfprotov6.Diagnostic
	err := fake.with(func(nodes map[string]*fakeNode, _ *fakeCluster, _ func(string, string, string)) error {
		n := nodes[node]
		if n == nil || n.Reset || n.Down || n.Dead {
			diagnostics = []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityWarning, Summary: "could not refresh talos_machine", Detail: "Leaving the prior state untouched."}}
			return nil
		}
		base := str(state["image"])
		if base == "" {
			base = defaultInstallerRepository
		}
		state["image"] = replaceImageTag(base, n.Version)
		state["machine_configuration_hash"] = configHash(n.Config, state["ignore_kubernetes_upgrade_drift"] == true)
		return nil
	})
	return diagnostics, err
}

func destroyMachine(prior map[string]any) error {
	onDestroy := object(prior["on_destroy"])
	if onDestroy == nil || onDestroy["reset"] != true || fake == nil {
		return nil
	}
	node := str(prior["node"])
	return fake.with(func(nodes map[string]*fakeNode, _ *fakeCluster, log func(string, string, string)) error {
		n := nodes[node]
		if n == nil || n.Reset || n.Dead {
			return fmt.Errorf("error resetting machine %s: it does not answer", node)
		}
		graceful := onDestroy["graceful"] != false
		log(node, "reset", fmt.Sprintf("graceful=%t reboot=%t", graceful, onDestroy["reboot"] == true))
		if graceful && n.Member {
			// The sequence leaves etcd before wiping (machined Reset, LeaveEtcd).
			log(node, "etcd-leave", "")
			n.Member = false
		}
		n.Reset = true
		return nil
	})
}

// --- talos_cluster ---

func validateCluster(config map[string]any) []*tfprotov6.Diagnostic {
	clients := 0
	for _, name := range []string{"client_configuration", "client_configuration_wo"} {
		if config[name] != nil {
			clients++
		}
	}
	if clients != 1 {
		return errorDiagnostic("Invalid client configuration", "exactly one of client_configuration and client_configuration_wo must be set")
	}
	// #386: node and control_plane_nodes are IP addresses.
	node := config["node"]
	if !isUnknown(node) {
		if _, err := netip.ParseAddr(str(node)); err != nil {
			return errorDiagnostic("Invalid Attribute Value", fmt.Sprintf("node must be an IP address, got %q", str(node)))
		}
	}
	list, ok := config["control_plane_nodes"].([]any)
	if ok && !isUnknown(node) {
		found := false
		for _, item := range list {
			if isUnknown(item) {
				found = true
				continue
			}
			if _, err := netip.ParseAddr(str(item)); err != nil {
				return errorDiagnostic("Invalid Attribute Value", fmt.Sprintf("control_plane_nodes must be IP addresses, got %q", str(item)))
			}
			if str(item) == str(node) {
				found = true
			}
		}
		if !found {
			return errorDiagnostic("Invalid Attribute Combination", "node not in control_plane_nodes")
		}
	}
	return nil
}

func planCluster(change planChange) ([]string, []*tfprotov6.Diagnostic, error) {
	if change.config["endpoint"] == nil && !isUnknown(change.config["node"]) {
		change.planned["endpoint"] = change.config["node"]
	}
	if change.config["control_plane_nodes"] == nil && !isUnknown(change.config["node"]) {
		change.planned["control_plane_nodes"] = []any{change.config["node"]}
	}
	return nil, nil, nil
}

// kubernetesSupport is each Talos minor's Kubernetes range, pkg/machinery/compatibility
// talos113.go and talos114.go: minimum, and the first unsupported minor.
var kubernetesSupport = map[string][2]string{"v1.13": {"1.31", "1.37"}, "v1.14": {"1.32", "1.38"}}

func minor(version string) string {
	parts := strings.Split(strings.TrimPrefix(version, "v"), ".")
	if len(parts) < 2 {
		return version
	}
	return parts[0] + "." + parts[1]
}

func minorNumber(version string) int {
	var major, minorN int
	fmt.Sscanf(minor(version), "%d.%d", &major, &minorN) //nolint:errcheck
	return major*1000 + minorN
}

func applyCluster(change planChange) error {
	p := change.planned
	node := str(p["node"])
	to := strings.TrimPrefix(str(p["kubernetes_version"]), "v")
	if change.prior == nil {
		p["id"] = node
		if fake == nil {
			return nil
		}
		controlPlanes := stringList(p["control_plane_nodes"])
		return fake.with(func(nodes map[string]*fakeNode, cluster *fakeCluster, log func(string, string, string)) error {
			if cluster.Bootstrapped {
				log(node, "bootstrap", "AlreadyExists")
			} else {
				n := nodes[node]
				if n == nil || n.Type != "controlplane" {
					return fmt.Errorf("bootstrap: %s is not a configured control plane", node)
				}
				log(node, "bootstrap", "")
				cluster.Bootstrapped = true
			}
			if cluster.Kubernetes == "" {
				cluster.Kubernetes = to
			}
			// PreBootSequenceChecks over control_plane_nodes: etcd healthy on each, members consistent.
			for _, address := range controlPlanes {
				n := nodes[address]
				if n == nil || n.Type != "controlplane" || n.Reset {
					return fmt.Errorf("etcd to be healthy: %s is not a running control plane", address)
				}
				n.Member = true
			}
			log(node, "cluster-healthy", strings.Join(controlPlanes, ","))
			return nil
		})
	}
	if str(change.prior["kubernetes_version"]) == str(p["kubernetes_version"]) || fake == nil {
		return nil
	}
	return fake.with(func(nodes map[string]*fakeNode, cluster *fakeCluster, log func(string, string, string)) error {
		from := cluster.Kubernetes
		// go-kubernetes upgrade.Path.IsSupported: the same minor, or the next one.
		if step := minorNumber(to) - minorNumber(from); step < 0 || step > 1 {
			return fmt.Errorf("unsupported upgrade path %s->%s", minor(from), minor(to))
		}
		names := make([]string, 0, len(nodes))
		for name := range nodes {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			n := nodes[name]
			if n.Reset {
				continue
			}
			support, known := kubernetesSupport[semverMinor(n.Version)]
			if known && (minorNumber(to) < minorNumber(support[0]) || minorNumber(to) >= minorNumber(support[1])) {
				return fmt.Errorf("node %s runs Talos %s, which does not support Kubernetes %s", name, n.Version, to)
			}
		}
		log(node, "upgrade-k8s", from+"->"+to)
		cluster.Kubernetes = to
		return nil
	})
}

func semverMinor(version string) string {
	return "v" + minor(version)
}

func machineLifecycleResources() map[string]resourceBehaviour {
	return map[string]resourceBehaviour{
		"talos_machine": {
			framework: true,
			defaults:  map[string]any{"reboot_mode": "DEFAULT", "drain_on_upgrade": true, "ignore_kubernetes_upgrade_drift": false},
			// on_destroy's fields default as talos_machine_configuration_apply's do.
			nestedDefaults:     onDestroyDefaults,
			useStateForUnknown: map[string]bool{"id": true, "endpoint": true, "image": true},
			requiresReplace:    []string{"node"},
			validate:           validateMachine,
			modifyPlan:         planMachine,
			apply:              applyMachine,
			read:               readMachine,
			destroy:            destroyMachine,
		},
		"talos_cluster": {
			framework:          true,
			useStateForUnknown: map[string]bool{"id": true, "endpoint": true, "control_plane_nodes": true},
			validate:           validateCluster,
			modifyPlan:         planCluster,
			apply:              applyCluster,
		},
	}
}
