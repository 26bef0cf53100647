package main

// The provider schema a double serves: one provider's entry of `tofu providers schema -json`
// (https://opentofu.org/docs/cli/commands/providers/schema/), turned into the plugin
// protocol's schema messages and the value types the double decodes requests with.

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

type jsonSchemasDocument struct {
	ProviderSchemas map[string]jsonProviderSchema `json:"provider_schemas"`
}

type jsonProviderSchema struct {
	Provider          *jsonSchema                `json:"provider"`
	ResourceSchemas   map[string]*jsonSchema     `json:"resource_schemas"`
	DataSourceSchemas map[string]*jsonSchema     `json:"data_source_schemas"`
	EphemeralSchemas  map[string]*jsonSchema     `json:"ephemeral_resource_schemas"`
	Functions         map[string]json.RawMessage `json:"functions"`
}

type jsonSchema struct {
	Version int64      `json:"version"`
	Block   *jsonBlock `json:"block"`
}

type jsonBlock struct {
	Attributes map[string]*jsonAttribute   `json:"attributes"`
	BlockTypes map[string]*jsonNestedBlock `json:"block_types"`
	Deprecated bool                        `json:"deprecated"`
}

type jsonAttribute struct {
	Type       json.RawMessage `json:"type"`
	NestedType *jsonNestedType `json:"nested_type"`
	Required   bool            `json:"required"`
	Optional   bool            `json:"optional"`
	Computed   bool            `json:"computed"`
	Sensitive  bool            `json:"sensitive"`
	WriteOnly  bool            `json:"write_only"`
	Deprecated bool            `json:"deprecated"`
}

type jsonNestedType struct {
	Attributes  map[string]*jsonAttribute `json:"attributes"`
	NestingMode string                    `json:"nesting_mode"`
}

type jsonNestedBlock struct {
	NestingMode string     `json:"nesting_mode"`
	Block       *jsonBlock `json:"block"`
	MinItems    int64      `json:"min_items"`
	MaxItems    int64      `json:"max_items"`
}

// providerSchema is what a double knows about its provider.
type providerSchema struct {
	provider    *tfprotov6.Schema
	resources   map[string]*tfprotov6.Schema
	dataSources map[string]*tfprotov6.Schema
	ephemeral   map[string]*tfprotov6.Schema
}

// loadProviderSchema reads the schema of `address` (or the only provider in the file).
func loadProviderSchema(path, address string) (*providerSchema, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc jsonSchemasDocument
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	entry, ok := doc.ProviderSchemas[address]
	if !ok {
		if len(doc.ProviderSchemas) != 1 {
			return nil, fmt.Errorf("%s has no schema for %q", path, address)
		}
		for _, only := range doc.ProviderSchemas {
			entry = only
		}
	}
	out := &providerSchema{
		resources:   map[string]*tfprotov6.Schema{},
		dataSources: map[string]*tfprotov6.Schema{},
		ephemeral:   map[string]*tfprotov6.Schema{},
	}
	if out.provider, err = convertSchema(entry.Provider); err != nil {
		return nil, fmt.Errorf("provider: %w", err)
	}
	for kind, group := range map[string]struct {
		from map[string]*jsonSchema
		to   map[string]*tfprotov6.Schema
	}{
		"resource":           {entry.ResourceSchemas, out.resources},
		"data source":        {entry.DataSourceSchemas, out.dataSources},
		"ephemeral resource": {entry.EphemeralSchemas, out.ephemeral},
	} {
		for name, schema := range group.from {
			converted, err := convertSchema(schema)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", kind, name, err)
			}
			group.to[name] = converted
		}
	}
	return out, nil
}

func convertSchema(schema *jsonSchema) (*tfprotov6.Schema, error) {
	if schema == nil || schema.Block == nil {
		return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{}}, nil
	}
	block, err := convertBlock(schema.Block)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.Schema{Version: schema.Version, Block: block}, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

func convertBlock(block *jsonBlock) (*tfprotov6.SchemaBlock, error) {
	out := &tfprotov6.SchemaBlock{Deprecated: block.Deprecated}
	attributes, err := convertAttributes(block.Attributes)
	if err != nil {
		return nil, err
	}
	out.Attributes = attributes
	for _, name := range sortedKeys(block.BlockTypes) {
		nested := block.BlockTypes[name]
		inner, err := convertBlock(nested.Block)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		nesting, ok := blockNesting[nested.NestingMode]
		if !ok {
			return nil, fmt.Errorf("%s: nesting mode %q", name, nested.NestingMode)
		}
		out.BlockTypes = append(out.BlockTypes, &tfprotov6.SchemaNestedBlock{
			TypeName: name,
			Block:    inner,
			Nesting:  nesting,
			MinItems: nested.MinItems,
			MaxItems: nested.MaxItems,
		})
	}
	return out, nil
}

var blockNesting = map[string]tfprotov6.SchemaNestedBlockNestingMode{
	"single": tfprotov6.SchemaNestedBlockNestingModeSingle,
	"list":   tfprotov6.SchemaNestedBlockNestingModeList,
	"set":    tfprotov6.SchemaNestedBlockNestingModeSet,
	"map":    tfprotov6.SchemaNestedBlockNestingModeMap,
	"group":  tfprotov6.SchemaNestedBlockNestingModeGroup,
}

var objectNesting = map[string]tfprotov6.SchemaObjectNestingMode{
	"single": tfprotov6.SchemaObjectNestingModeSingle,
	"list":   tfprotov6.SchemaObjectNestingModeList,
	"set":    tfprotov6.SchemaObjectNestingModeSet,
	"map":    tfprotov6.SchemaObjectNestingModeMap,
}

func convertAttributes(attributes map[string]*jsonAttribute) ([]*tfprotov6.SchemaAttribute, error) {
	var out []*tfprotov6.SchemaAttribute
	for _, name := range sortedKeys(attributes) {
		attribute := attributes[name]
		converted := &tfprotov6.SchemaAttribute{
			Name:       name,
			Required:   attribute.Required,
			Optional:   attribute.Optional,
			Computed:   attribute.Computed,
			Sensitive:  attribute.Sensitive,
			WriteOnly:  attribute.WriteOnly,
			Deprecated: attribute.Deprecated,
		}
		switch {
		case attribute.NestedType != nil:
			inner, err := convertAttributes(attribute.NestedType.Attributes)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			nesting, ok := objectNesting[attribute.NestedType.NestingMode]
			if !ok {
				return nil, fmt.Errorf("%s: nesting mode %q", name, attribute.NestedType.NestingMode)
			}
			converted.NestedType = &tfprotov6.SchemaObject{Attributes: inner, Nesting: nesting}
		case len(attribute.Type) > 0:
			typ, err := tftypes.ParseJSONType(attribute.Type) //nolint:staticcheck // the cty JSON type form
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			converted.Type = typ
		default:
			return nil, fmt.Errorf("%s: neither type nor nested_type", name)
		}
		out = append(out, converted)
	}
	return out, nil
}
