// Command talos-validate checks Talos machine configurations the way a Talos v1.13.9 node
// checks what it is given: the configuration loader (unknown fields, duplicate and
// conflicting documents), then Validate in the node's runtime mode, then the part of
// RuntimeValidate that needs no live node (Kubernetes image versions). It links the Talos
// machinery of the version the trees install, so every message is Talos's own.
//
//	talos-validate --mode metal|cloud|container [--strict] [--json] FILE...
//
// Modes: Talos's platforms each run in one (internal/app/machined/pkg/runtime/v1alpha1/platform):
// metal for bare metal, cloud for nocloud (Proxmox) and hcloud, container for Docker.
// Exit codes: 0 all valid, 1 some invalid, 2 usage.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/siderolabs/talos/pkg/machinery/config/configloader"
	"github.com/siderolabs/talos/pkg/machinery/config/validation"
	"github.com/siderolabs/talos/pkg/machinery/gendata"
)

// runtimeMode answers what validation asks of a mode (validation.RuntimeMode): only metal
// installs to disk, only container runs in a container.
type runtimeMode struct {
	name      string
	install   bool
	container bool
}

func (m runtimeMode) String() string        { return m.name }
func (m runtimeMode) RequiresInstall() bool { return m.install }
func (m runtimeMode) InContainer() bool     { return m.container }

var modes = map[string]runtimeMode{
	"metal":     {name: "metal", install: true},
	"cloud":     {name: "cloud"},
	"container": {name: "container", container: true},
}

type result struct {
	File     string   `json:"file"`
	Valid    bool     `json:"valid"`
	Warnings []string `json:"warnings"`
	Error    string   `json:"error,omitempty"`
}

func check(file string, mode runtimeMode, options []validation.Option) result {
	out := result{File: file, Warnings: []string{}}
	config, err := configloader.NewFromFile(file)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	warnings, err := config.Validate(mode, options...)
	out.Warnings = append(out.Warnings, warnings...)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	if v1alpha1 := config.RawV1Alpha1(); v1alpha1 != nil {
		// Matching an install disk selector needs the node's disks: checked with a mode that
		// installs nothing, the rest of RuntimeValidate runs as on the node.
		runtimeWarnings, err := v1alpha1.RuntimeValidate(context.Background(), nil, runtimeMode{name: mode.name, container: mode.container}, options...)
		out.Warnings = append(out.Warnings, runtimeWarnings...)
		if err != nil {
			out.Error = err.Error()
			return out
		}
	}
	out.Valid = true
	return out
}

func main() {
	flags := flag.NewFlagSet("talos-validate", flag.ContinueOnError)
	modeName := flags.String("mode", "", "runtime mode: metal, cloud or container")
	strict := flags.Bool("strict", false, "warnings of the v1alpha1 document are errors (talosctl validate --strict)")
	asJSON := flags.Bool("json", false, "print one JSON result per file")
	if err := flags.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	mode, ok := modes[*modeName]
	if !ok || flags.NArg() == 0 {
		fmt.Fprintf(os.Stderr, "usage: talos-validate --mode metal|cloud|container [--strict] [--json] FILE... (Talos machinery %s)\n", gendata.VersionTag)
		os.Exit(2)
	}
	options := []validation.Option{validation.WithLocal()}
	if *strict {
		options = append(options, validation.WithStrict())
	}
	invalid := false
	var results []result
	for _, file := range flags.Args() {
		r := check(file, mode, options)
		invalid = invalid || !r.Valid
		results = append(results, r)
		if *asJSON {
			continue
		}
		for _, warning := range r.Warnings {
			fmt.Printf("%s: warning: %s\n", file, warning)
		}
		if r.Valid {
			fmt.Printf("%s: valid for %s mode\n", file, mode.name)
		} else {
			fmt.Printf("%s: %s\n", file, r.Error)
		}
	}
	if *asJSON {
		encoder := json.NewEncoder(os.Stdout)
		encoder.SetIndent("", "  ")
		_ = encoder.Encode(results)
	}
	if invalid {
		os.Exit(1)
	}
}
