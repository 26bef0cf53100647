package main

// What a double knows of its provider beyond the schema: plan rules and computed values,
// per resource type. Each provider's table lives in its own file (talos.go, helm.go, ...).

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

type planChange struct {
	planned map[string]any
	prior   map[string]any // nil on create
	config  map[string]any
}

type resourceBehaviour struct {
	// Plan-time defaults of top-level attributes the configuration leaves null.
	defaults map[string]any
	// Defaults inside nested attributes.
	nestedDefaults func(planned map[string]any)
	// terraform-plugin-framework semantics on update: computed attributes that the
	// configuration leaves null become unknown when anything changes, except these.
	framework          bool
	useStateForUnknown map[string]bool
	// Top-level attributes whose change replaces the resource (ForceNew, RequiresReplace).
	requiresReplace []string
	// The resource's own plan logic (ModifyPlan, CustomizeDiff): may set planned values and
	// return the top-level attributes that force a replacement.
	modifyPlan func(change planChange) ([]string, []*tfprotov6.Diagnostic, error)
	// What the resource computes when applied (before placeholders fill the rest).
	apply       func(change planChange) error
	importState func(id string) (map[string]any, error)
	// ValidateResourceConfig: the provider's configuration rules (ConfigValidators).
	validate func(config map[string]any) []*tfprotov6.Diagnostic
	// ReadResource (refresh): what the provider reads back from the world; nil echoes the state.
	read func(state map[string]any) ([]*tfprotov6.Diagnostic, error)
	// Delete: what destroying the resource does besides forgetting it.
	destroy func(prior map[string]any) error
}

type providerBehaviour struct {
	configure   func(config map[string]any) error
	resources   map[string]resourceBehaviour
	dataSources map[string]func(state map[string]any) ([]*tfprotov6.Diagnostic, error)
	// fill gives realistic values for unknown attributes of a type (ids, addresses); it is
	// called before any is filled, so a seed taken from state then is stable.
	fill func(typeName string, state map[string]any) filler
}

func (b providerBehaviour) filler(typeName string, state map[string]any) filler {
	if b.fill == nil {
		return nil
	}
	return b.fill(typeName, state)
}

// behaviourFor picks the table of the provider at address (host/namespace/name).
func behaviourFor(address string) providerBehaviour {
	parts := strings.Split(address, "/")
	source := strings.Join(parts[len(parts)-2:], "/")
	switch source {
	case "siderolabs/talos":
		return talosBehaviour()
	case "hashicorp/helm":
		return helmBehaviour()
	case "hashicorp/tls":
		return tlsBehaviour()
	case "bpg/proxmox":
		return proxmoxBehaviour()
	case "hetznercloud/hcloud":
		return hcloudBehaviour()
	case "fluxcd/flux":
		return fluxBehaviour()
	case "go-gitea/gitea", "integrations/github":
		return forgeBehaviour(source)
	}
	return providerBehaviour{}
}

func shortHash(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:])[:12]
}

func hashNumber(modulo uint64, parts ...string) uint64 {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	var n uint64
	for _, b := range sum[:8] {
		n = n<<8 | uint64(b)
	}
	return n % modulo
}

func smallNumber(parts ...string) *big.Float {
	return new(big.Float).SetInt64(int64(1 + hashNumber(999, parts...)))
}

func number(n int64) *big.Float { return new(big.Float).SetInt64(n) }

// byName fills attributes by their last path element.
func byName(values map[string]func(typ tftypes.Type) any) filler {
	return func(path []string, typ tftypes.Type) (any, bool) {
		if len(path) == 0 {
			return nil, false
		}
		make, ok := values[path[len(path)-1]]
		if !ok {
			return nil, false
		}
		value := make(typ)
		switch value.(type) {
		case string:
			return value, typ.Is(tftypes.String)
		case *big.Float:
			return value, typ.Is(tftypes.Number)
		}
		return value, value != nil
	}
}

// documentationIPv4 is an address of 203.0.113.0/24 (RFC 5737), stable for the seed.
func documentationIPv4(seed ...string) string {
	return "203.0.113." + itoa(int(1+hashNumber(250, seed...)))
}

func documentationIPv6(seed ...string) string {
	return fmt.Sprintf("2001:db8:%x::1", 1+hashNumber(0xfffe, seed...))
}

func itoa(n int) string {
	return new(big.Int).SetInt64(int64(n)).String()
}
