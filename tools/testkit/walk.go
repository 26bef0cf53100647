package main

// Schema-aware walks over plain values: what a provider framework does to a plan before the
// resource's own logic runs, and how a double fills what only a real API would know.

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// markComputedUnknown sets computed attributes that the configuration leaves null to
// unknown, in the planned value and in the nested objects and blocks it holds: what
// terraform-plugin-framework does when a resource is created or changes
// (internal/fwserver/server_planresourcechange.go, MarkComputedNilsAsUnknown). Top-level
// attributes in keep stay as planned (UseStateForUnknown, or a default already applied);
// nested ones are marked only while still null.
func markComputedUnknown(block *tfprotov6.SchemaBlock, planned, config map[string]any, keep map[string]bool) {
	if planned == nil {
		return
	}
	for _, attribute := range block.Attributes {
		name := attribute.Name
		if keep != nil && keep[name] && planned[name] != nil {
			continue
		}
		if attribute.Computed && config[name] == nil && (keep != nil || planned[name] == nil) {
			planned[name] = unknown{}
			continue
		}
		if attribute.NestedType != nil {
			markNested(attribute.NestedType.Attributes, attribute.NestedType.Nesting, planned[name], config[name])
		}
	}
	for _, nested := range block.BlockTypes {
		forEachElement(planned[nested.TypeName], config[nested.TypeName], nested.Nesting == tfprotov6.SchemaNestedBlockNestingModeSingle || nested.Nesting == tfprotov6.SchemaNestedBlockNestingModeGroup, func(p, c map[string]any) {
			markComputedUnknown(nested.Block, p, c, nil)
		})
	}
}

func markNested(attributes []*tfprotov6.SchemaAttribute, nesting tfprotov6.SchemaObjectNestingMode, planned, config any) {
	block := &tfprotov6.SchemaBlock{Attributes: attributes}
	forEachElement(planned, config, nesting == tfprotov6.SchemaObjectNestingModeSingle, func(p, c map[string]any) {
		markComputedUnknown(block, p, c, nil)
	})
}

// forEachElement pairs the objects of a nested value with the configuration's, by position
// (lists, and sets in the order they came) or by key (maps).
func forEachElement(planned, config any, single bool, visit func(planned, config map[string]any)) {
	if single {
		visit(object(planned), object(config))
		return
	}
	switch p := planned.(type) {
	case []any:
		c, _ := config.([]any)
		for i, element := range p {
			var configElement map[string]any
			if i < len(c) {
				configElement = object(c[i])
			}
			visit(object(element), configElement)
		}
	case map[string]any:
		c := object(config)
		for key, element := range p {
			visit(object(element), object(c[key]))
		}
	}
}

// filler gives a value for an unknown one at a path (attribute names from the top, "*" for
// an element); ok false leaves it to the generic placeholder.
type filler func(path []string, typ tftypes.Type) (any, bool)

// fillUnknown replaces every unknown value with what fill gives, or a placeholder of its
// type derived from seed and the path: what a real apply would have learnt from the API.
func fillUnknown(typ tftypes.Type, x any, path []string, seed string, fill filler) any {
	if isUnknown(x) {
		if fill != nil {
			if value, ok := fill(path, typ); ok {
				return value
			}
		}
		return placeholder(typ, path, seed)
	}
	switch t := typ.(type) {
	case tftypes.Object:
		m := object(x)
		if m == nil {
			return x
		}
		for key, attributeType := range t.AttributeTypes {
			m[key] = fillUnknown(attributeType, m[key], append(append([]string{}, path...), key), seed, fill)
		}
		return m
	case tftypes.Map:
		m := object(x)
		for key, element := range m {
			m[key] = fillUnknown(t.ElementType, element, append(append([]string{}, path...), "*"), seed, fill)
		}
		return x
	case tftypes.List:
		return fillSequence(t.ElementType, x, path, seed, fill)
	case tftypes.Set:
		return fillSequence(t.ElementType, x, path, seed, fill)
	}
	return x
}

func fillSequence(elementType tftypes.Type, x any, path []string, seed string, fill filler) any {
	items, _ := x.([]any)
	for i, item := range items {
		items[i] = fillUnknown(elementType, item, append(append([]string{}, path...), "*"), seed, fill)
	}
	return x
}

// placeholder is a value of the type that a real API could have answered: strings and
// numbers derived from the resource's configuration and the path, so they are stable across
// runs and different between instances; empty collections; objects filled in turn.
func placeholder(typ tftypes.Type, path []string, seed string) any {
	switch t := typ.(type) {
	case tftypes.Object:
		m := map[string]any{}
		for key, attributeType := range t.AttributeTypes {
			m[key] = placeholder(attributeType, append(append([]string{}, path...), key), seed)
		}
		return m
	case tftypes.List, tftypes.Set, tftypes.Tuple:
		return []any{}
	case tftypes.Map:
		return map[string]any{}
	}
	switch {
	case typ.Is(tftypes.String):
		return "double-" + shortHash(seed, joinPath(path))
	case typ.Is(tftypes.Number):
		return smallNumber(seed, joinPath(path))
	case typ.Is(tftypes.Bool):
		return false
	}
	return nil
}

func joinPath(path []string) string {
	out := ""
	for i, part := range path {
		if i > 0 {
			out += "."
		}
		out += part
	}
	return out
}
