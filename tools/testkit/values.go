package main

// Values as plain Go data, so the doubles' behaviour reads like the providers' own: null is
// nil, an unknown value is unknown{}, numbers are *big.Float, lists, sets and tuples are
// []any, maps and objects are map[string]any.

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

type unknown struct{}

func isUnknown(x any) bool {
	_, ok := x.(unknown)
	return ok
}

func toGo(v tftypes.Value) (any, error) {
	if !v.IsKnown() {
		return unknown{}, nil
	}
	if v.IsNull() {
		return nil, nil
	}
	typ := v.Type()
	switch {
	case typ.Is(tftypes.String):
		var s string
		err := v.As(&s)
		return s, err
	case typ.Is(tftypes.Number):
		f := new(big.Float)
		err := v.As(&f)
		return f, err
	case typ.Is(tftypes.Bool):
		var b bool
		err := v.As(&b)
		return b, err
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}), typ.Is(tftypes.Tuple{}):
		var elements []tftypes.Value
		if err := v.As(&elements); err != nil {
			return nil, err
		}
		out := make([]any, 0, len(elements))
		for _, element := range elements {
			converted, err := toGo(element)
			if err != nil {
				return nil, err
			}
			out = append(out, converted)
		}
		return out, nil
	case typ.Is(tftypes.Map{}), typ.Is(tftypes.Object{}):
		var elements map[string]tftypes.Value
		if err := v.As(&elements); err != nil {
			return nil, err
		}
		out := make(map[string]any, len(elements))
		for key, element := range elements {
			converted, err := toGo(element)
			if err != nil {
				return nil, err
			}
			out[key] = converted
		}
		return out, nil
	case typ.Is(tftypes.DynamicPseudoType):
		return nil, fmt.Errorf("a value of dynamic type cannot be converted")
	}
	return nil, fmt.Errorf("unsupported type %s", typ)
}

func fromGo(typ tftypes.Type, x any) (tftypes.Value, error) {
	if isUnknown(x) {
		return tftypes.NewValue(typ, tftypes.UnknownValue), nil
	}
	if x == nil {
		return tftypes.NewValue(typ, nil), nil
	}
	switch t := typ.(type) {
	case tftypes.List:
		return sequenceFromGo(typ, []tftypes.Type{t.ElementType}, x)
	case tftypes.Set:
		return sequenceFromGo(typ, []tftypes.Type{t.ElementType}, x)
	case tftypes.Tuple:
		return sequenceFromGo(typ, t.ElementTypes, x)
	case tftypes.Map:
		items, ok := x.(map[string]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want a map for %s, have %T", typ, x)
		}
		out := make(map[string]tftypes.Value, len(items))
		for key, item := range items {
			converted, err := fromGo(t.ElementType, item)
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", key, err)
			}
			out[key] = converted
		}
		return tftypes.NewValue(typ, out), nil
	case tftypes.Object:
		items, ok := x.(map[string]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want an object for %s, have %T", typ, x)
		}
		out := make(map[string]tftypes.Value, len(t.AttributeTypes))
		for key, attributeType := range t.AttributeTypes {
			converted, err := fromGo(attributeType, items[key])
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", key, err)
			}
			out[key] = converted
		}
		return tftypes.NewValue(typ, out), nil
	}
	switch {
	case typ.Is(tftypes.String):
		s, ok := x.(string)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want a string, have %T", x)
		}
		return tftypes.NewValue(typ, s), nil
	case typ.Is(tftypes.Number):
		switch n := x.(type) {
		case *big.Float:
			return tftypes.NewValue(typ, n), nil
		case int:
			return tftypes.NewValue(typ, new(big.Float).SetInt64(int64(n))), nil
		}
		return tftypes.Value{}, fmt.Errorf("want a number, have %T", x)
	case typ.Is(tftypes.Bool):
		b, ok := x.(bool)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want a bool, have %T", x)
		}
		return tftypes.NewValue(typ, b), nil
	}
	return tftypes.Value{}, fmt.Errorf("unsupported type %s", typ)
}

func sequenceFromGo(typ tftypes.Type, elementTypes []tftypes.Type, x any) (tftypes.Value, error) {
	items, ok := x.([]any)
	if !ok {
		return tftypes.Value{}, fmt.Errorf("want a sequence for %s, have %T", typ, x)
	}
	out := make([]tftypes.Value, 0, len(items))
	for index, item := range items {
		elementType := elementTypes[0]
		if len(elementTypes) > 1 || typ.Is(tftypes.Tuple{}) {
			elementType = elementTypes[index]
		}
		converted, err := fromGo(elementType, item)
		if err != nil {
			return tftypes.Value{}, fmt.Errorf("[%d]: %w", index, err)
		}
		out = append(out, converted)
	}
	return tftypes.NewValue(typ, out), nil
}

// decode reads a request's value of the schema's type; an absent value is null.
func decode(schema *tfprotov6.Schema, value *tfprotov6.DynamicValue) (any, error) {
	if value == nil {
		return nil, nil
	}
	decoded, err := value.Unmarshal(schema.ValueType())
	if err != nil {
		return nil, err
	}
	return toGo(decoded)
}

func encode(schema *tfprotov6.Schema, x any) (*tfprotov6.DynamicValue, error) {
	typ := schema.ValueType()
	value, err := fromGo(typ, x)
	if err != nil {
		return nil, err
	}
	encoded, err := tfprotov6.NewDynamicValue(typ, value)
	return &encoded, err
}

func object(x any) map[string]any {
	m, _ := x.(map[string]any)
	return m
}

func str(x any) string {
	s, _ := x.(string)
	return s
}

// deepEqual compares two plain values; unknown values equal nothing.
func deepEqual(a, b any) bool {
	if isUnknown(a) || isUnknown(b) {
		return false
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case *big.Float:
		y, ok := b.(*big.Float)
		return ok && x.Cmp(y) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !deepEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for key, value := range x {
			other, present := y[key]
			if !present || !deepEqual(value, other) {
				return false
			}
		}
		return true
	}
	return false
}
