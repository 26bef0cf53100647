package main

import (
	"fmt"
	"os"
	"reflect"

	"github.com/siderolabs/talos/pkg/machinery/config"
	"github.com/siderolabs/talos/pkg/machinery/config/configdiff"
	"github.com/siderolabs/talos/pkg/machinery/config/configloader"
	"github.com/siderolabs/talos/pkg/machinery/config/types/v1alpha1"
)

// dryRunSummary is what a Talos v1.13 node answers to `talosctl apply-config --dry-run` in the
// default (auto) mode, for the node's running configuration and the one sent: the mode the
// apply would take, then the diff of the two (internal/app/machined/internal/server/v1alpha1/
// v1alpha1_server.go ApplyConfiguration and generateDiff, v1.13.9). The diff is machinery's own
// (configdiff.DiffConfigs), so the double prints the same lines a node would.
func dryRunSummary(runningPath, sentPath string) (string, error) {
	running, err := loadConfig(runningPath)
	if err != nil {
		return "", err
	}
	sent, err := loadConfig(sentPath)
	if err != nil {
		return "", err
	}
	diff, err := configdiff.DiffConfigs(running, sent)
	if err != nil {
		return "", err
	}
	if diff == "" {
		diff = "No changes."
	}
	mode := "Applied configuration without a reboot"
	if needsReboot(running.RawV1Alpha1(), sent.RawV1Alpha1()) {
		mode = "Applied configuration with a reboot"
	}
	return fmt.Sprintf("Dry run summary:\n%s (skipped in dry-run).\nConfig diff:\n\n%s", mode, diff), nil
}

func loadConfig(path string) (config.Provider, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	provider, err := configloader.NewFromBytes(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return provider, nil
}

// needsReboot is Talos v1.13's auto-mode decision (v1alpha1_runtime.go CanApplyImmediate): a
// change outside the v1alpha1 sections a running machine takes at once reboots the node. Those
// sections, as that function lists them: debug, the whole cluster section, and in machine: ca,
// acceptedCAs, time, certSANs, install, network, sysfs, sysctls, logging, controlPlane,
// kubelet, kernel, registries, pods, seccompProfiles, node labels, annotations and taints, and
// the features kubernetesTalosAPIAccess, kubePrism, hostDNS, imageCache and
// nodeAddressSortAlgorithm. Other documents (v1alpha1 is not all of a configuration) never
// force a reboot there.
func needsReboot(running, sent *v1alpha1.Config) bool {
	if running == nil || sent == nil {
		return running != sent
	}
	return !reflect.DeepEqual(withoutLiveSections(running), withoutLiveSections(sent))
}

// withoutLiveSections is a copy of a configuration with what applies at once left out.
func withoutLiveSections(config *v1alpha1.Config) *v1alpha1.Config {
	copied := config.DeepCopy()
	copied.ConfigDebug = nil
	copied.ClusterConfig = nil
	machine := copied.MachineConfig
	if machine == nil {
		return copied
	}
	machine.MachineCA = nil
	machine.MachineAcceptedCAs = nil
	machine.MachineTime = nil //nolint:staticcheck // still a v1.13 field
	machine.MachineCertSANs = nil
	machine.MachineInstall = nil
	machine.MachineNetwork = nil //nolint:staticcheck // still a v1.13 field
	machine.MachineSysfs = nil
	machine.MachineSysctls = nil
	machine.MachineLogging = nil
	machine.MachineControlPlane = nil
	machine.MachineKubelet = nil
	machine.MachineKernel = nil
	machine.MachineRegistries = v1alpha1.RegistriesConfig{} //nolint:staticcheck // still a v1.13 field
	machine.MachinePods = nil
	machine.MachineSeccompProfiles = nil
	machine.MachineNodeAnnotations = nil
	machine.MachineNodeLabels = nil
	machine.MachineNodeTaints = nil
	if features := machine.MachineFeatures; features != nil {
		features.KubernetesTalosAPIAccessConfig = nil
		features.KubePrismSupport = nil
		features.HostDNSSupport = nil
		features.ImageCacheSupport = nil
		features.FeatureNodeAddressSortAlgorithm = ""
	}
	return copied
}
