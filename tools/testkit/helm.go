package main

// hashicorp/helm v3.1.2, offline. helm_template renders a chart client-side with the Helm
// library the provider links (helm.sh/helm/v3 v3.18.5, its go.mod), the way its Read does
// (helm/data_helm_template.go at v3.1.2): an install with DryRun, Replace and ClientOnly,
// then the release manifest and its hooks split into documents, keyed manifest-N and joined
// in the lexical order of those keys. Charts come from this machine: TESTKIT_CHARTS lists the
// chart folders by repository, name and version (npm run tools fetches them from Go modules);
// a chart that is not there renders as one stand-in ConfigMap that says so.

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"helm.sh/helm/v3/pkg/action"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/release"
	"helm.sh/helm/v3/pkg/releaseutil"
	"sigs.k8s.io/yaml"
)

func helmBehaviour() providerBehaviour {
	return providerBehaviour{
		resources: map[string]resourceBehaviour{
			// helm_release: only name and namespace force a replacement (helm/resource_helm_release.go:414-432).
			"helm_release": {requiresReplace: []string{"name", "namespace"}},
		},
		dataSources: map[string]func(map[string]any) ([]*tfprotov6.Diagnostic, error){
			"helm_template": readHelmTemplate,
		},
	}
}

type localChart struct {
	Repository string `json:"repository"`
	Chart      string `json:"chart"`
	Version    string `json:"version"`
	Dir        string `json:"dir"`
}

func chartFolder(repository, chart, version string) (string, bool) {
	var charts []localChart
	if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_CHARTS")), &charts); err != nil {
		return "", false
	}
	norm := func(u string) string { return strings.TrimSuffix(u, "/") }
	for _, c := range charts {
		if norm(c.Repository) == norm(repository) && c.Chart == chart && c.Version == version {
			return c.Dir, true
		}
	}
	return "", false
}

// mergeValues: maps merge key by key, anything else replaces (resource_helm_release.go:722-738).
func mergeValues(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		if overMap, ok := v.(map[string]any); ok {
			if baseMap, ok := out[k].(map[string]any); ok {
				out[k] = mergeValues(baseMap, overMap)
				continue
			}
		}
		out[k] = v
	}
	return out
}

var sourceLine = regexp.MustCompile("# Source: [^/]+/(.+)")

func readHelmTemplate(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	for _, unsupported := range []string{"set", "set_list", "set_sensitive", "set_wo", "show_only", "postrender"} {
		if items, _ := state[unsupported].([]any); len(items) > 0 {
			return nil, fmt.Errorf("the double does not render %s; the trees do not use it", unsupported)
		}
	}
	name, chartName, version := str(state["name"]), str(state["chart"]), str(state["version"])
	namespace := str(state["namespace"])
	if namespace == "" {
		namespace = "default"
		state["namespace"] = namespace
	}
	state["id"] = name
	dir, ok := chartFolder(str(state["repository"]), chartName, version)
	if !ok {
		standIn := fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s-not-rendered\n  namespace: %s\ndata:\n  reason: chart %s %s from %s is not on this machine; the test double renders this stand-in\n", name, namespace, chartName, version, str(state["repository"]))
		state["manifest"] = "---\n" + standIn
		state["manifests"] = map[string]any{"templates/not-rendered.yaml": "---\n" + standIn}
		state["notes"] = ""
		state["crds"] = []any{}
		return nil, nil
	}
	chart, err := loader.Load(dir)
	if err != nil {
		return nil, err
	}
	values := map[string]any{}
	for _, item := range stringList(state["values"]) {
		if item == "" {
			continue
		}
		var parsed map[string]any
		if err := yaml.Unmarshal([]byte(item), &parsed); err != nil {
			return nil, fmt.Errorf("values: %w", err)
		}
		values = mergeValues(values, parsed)
	}
	install := action.NewInstall(&action.Configuration{Log: func(string, ...interface{}) {}})
	install.ReleaseName = name
	install.Namespace = namespace
	install.DisableHooks, _ = state["disable_webhooks"].(bool)
	install.SubNotes, _ = state["render_subchart_notes"].(bool)
	install.IncludeCRDs, _ = state["include_crds"].(bool)
	if kube := str(state["kube_version"]); kube != "" {
		parsed, err := chartutil.ParseKubeVersion(kube)
		if err != nil {
			return nil, fmt.Errorf("couldn't parse string %q into kube-version: %w", kube, err)
		}
		install.KubeVersion = parsed
	}
	install.APIVersions = chartutil.VersionSet(stringList(state["api_versions"]))
	install.DryRun, install.Replace, install.ClientOnly = true, true, true
	rendered, err := install.Run(chart, values)
	if err != nil {
		return nil, fmt.Errorf("Error running Helm install: %w", err)
	}
	var all strings.Builder
	fmt.Fprintln(&all, strings.TrimSpace(rendered.Manifest))
	if !install.DisableHooks {
		skipTests, _ := state["skip_tests"].(bool)
		for _, hook := range rendered.Hooks {
			if skipTests && isTestHook(hook) {
				continue
			}
			fmt.Fprintf(&all, "---\n# Source: %s\n%s\n", hook.Path, hook.Manifest)
		}
	}
	documents := releaseutil.SplitManifests(all.String())
	keys := make([]string, 0, len(documents))
	for key := range documents {
		keys = append(keys, key)
	}
	sort.Strings(keys) // lexical: manifest-10 before manifest-2, as the provider orders them
	var manifest strings.Builder
	manifests := map[string]any{}
	for _, key := range keys {
		document := documents[key]
		templateName := ""
		if match := sourceLine.FindStringSubmatch(document); match != nil {
			templateName = match[1]
		}
		previous, _ := manifests[templateName].(string)
		manifests[templateName] = previous + "---\n" + document + "\n"
		manifest.WriteString("---\n" + document + "\n")
	}
	crds := []any{}
	for _, crd := range rendered.Chart.CRDObjects() {
		crds = append(crds, string(crd.File.Data))
	}
	state["manifest"] = manifest.String()
	state["manifests"] = manifests
	state["notes"] = rendered.Info.Notes
	state["crds"] = crds
	return nil, nil
}

func isTestHook(hook *release.Hook) bool {
	for _, event := range hook.Events {
		if event == release.HookTest {
			return true
		}
	}
	return false
}
