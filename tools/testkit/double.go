package main

// A provider double: serves a real provider's schema over the plugin protocol (v6) and
// behaves as that provider would offline. Plans follow the provider framework's rules plus
// each resource's own plan logic where it is known (behaviour.go and the per-provider files);
// an apply records the plan and fills what only the real API would have answered with
// deterministic, well-formed values; reads echo the state. What a real provider computes
// locally (Talos secrets and machine configurations, image factory ids and URLs, Helm
// templates of charts that are on this machine) the doubles compute the same way.

import (
	"context"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

type double struct {
	address   string
	schema    *providerSchema
	behaviour providerBehaviour
}

var _ tfprotov6.ProviderServer = (*double)(nil)

func errorDiagnostics(err error) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: err.Error()}}
}

func (d *double) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	response := &tfprotov6.GetMetadataResponse{ServerCapabilities: &tfprotov6.ServerCapabilities{PlanDestroy: true}}
	for _, name := range sortedKeys(d.schema.resources) {
		response.Resources = append(response.Resources, tfprotov6.ResourceMetadata{TypeName: name})
	}
	for _, name := range sortedKeys(d.schema.dataSources) {
		response.DataSources = append(response.DataSources, tfprotov6.DataSourceMetadata{TypeName: name})
	}
	for _, name := range sortedKeys(d.schema.ephemeral) {
		response.EphemeralResources = append(response.EphemeralResources, tfprotov6.EphemeralResourceMetadata{TypeName: name})
	}
	return response, nil
}

func (d *double) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities:       &tfprotov6.ServerCapabilities{PlanDestroy: true},
		Provider:                 d.schema.provider,
		ResourceSchemas:          d.schema.resources,
		DataSourceSchemas:        d.schema.dataSources,
		EphemeralResourceSchemas: d.schema.ephemeral,
		Functions:                map[string]*tfprotov6.Function{},
	}, nil
}

func (d *double) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: map[string]*tfprotov6.ResourceIdentitySchema{}}, nil
}

func (d *double) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}, nil
}

func (d *double) ConfigureProvider(_ context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	config, err := decode(d.schema.provider, req.Config)
	if err != nil {
		return &tfprotov6.ConfigureProviderResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	if configure := d.behaviour.configure; configure != nil {
		if err := configure(object(config)); err != nil {
			return &tfprotov6.ConfigureProviderResponse{Diagnostics: errorDiagnostics(err)}, nil
		}
	}
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (d *double) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (d *double) ValidateResourceConfig(_ context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	validate := d.behaviour.resources[req.TypeName].validate
	if validate == nil {
		return &tfprotov6.ValidateResourceConfigResponse{}, nil
	}
	schema, err := d.resourceSchema(req.TypeName)
	if err != nil {
		return &tfprotov6.ValidateResourceConfigResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	config, err := decode(schema, req.Config)
	if err != nil {
		return &tfprotov6.ValidateResourceConfigResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	return &tfprotov6.ValidateResourceConfigResponse{Diagnostics: validate(object(config))}, nil
}

func (d *double) ValidateDataResourceConfig(context.Context, *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return &tfprotov6.ValidateDataResourceConfigResponse{}, nil
}

func (d *double) ValidateEphemeralResourceConfig(context.Context, *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return &tfprotov6.ValidateEphemeralResourceConfigResponse{}, nil
}

func (d *double) resourceSchema(typeName string) (*tfprotov6.Schema, error) {
	schema, ok := d.schema.resources[typeName]
	if !ok {
		return nil, fmt.Errorf("%s: no such resource type in the schema", typeName)
	}
	return schema, nil
}

func (d *double) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	schema, err := d.resourceSchema(req.TypeName)
	if err != nil {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	typ := schema.ValueType()
	value, err := req.RawState.UnmarshalWithOpts(typ, tfprotov6.UnmarshalOpts{
		ValueFromJSONOpts: tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true},
	})
	if err != nil {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	upgraded, err := tfprotov6.NewDynamicValue(typ, value)
	if err != nil {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &upgraded}, nil
}

func (d *double) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	// What the state says is what there is, unless the double models what the provider reads.
	read := d.behaviour.resources[req.TypeName].read
	if read == nil {
		return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
	}
	fail := func(err error) (*tfprotov6.ReadResourceResponse, error) {
		return &tfprotov6.ReadResourceResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: %w", req.TypeName, err))}, nil
	}
	schema, err := d.resourceSchema(req.TypeName)
	if err != nil {
		return fail(err)
	}
	current, err := decode(schema, req.CurrentState)
	if err != nil {
		return fail(err)
	}
	if current == nil {
		return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
	}
	state := object(current)
	diagnostics, err := read(state)
	if err != nil {
		return fail(err)
	}
	newState, err := encode(schema, state)
	if err != nil {
		return fail(err)
	}
	return &tfprotov6.ReadResourceResponse{NewState: newState, Private: req.Private, Diagnostics: diagnostics}, nil
}

func (d *double) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	fail := func(err error) (*tfprotov6.PlanResourceChangeResponse, error) {
		return &tfprotov6.PlanResourceChangeResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: %w", req.TypeName, err))}, nil
	}
	schema, err := d.resourceSchema(req.TypeName)
	if err != nil {
		return fail(err)
	}
	prior, err := decode(schema, req.PriorState)
	if err != nil {
		return fail(err)
	}
	proposed, err := decode(schema, req.ProposedNewState)
	if err != nil {
		return fail(err)
	}
	config, err := decode(schema, req.Config)
	if err != nil {
		return fail(err)
	}
	behaviour := d.behaviour.resources[req.TypeName]
	if proposed == nil {
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
	}
	planned := object(proposed)
	for name, value := range behaviour.defaults {
		if object(config)[name] == nil && !isUnknown(planned[name]) {
			planned[name] = value
		}
	}
	if behaviour.nestedDefaults != nil {
		behaviour.nestedDefaults(planned)
	}
	create := prior == nil
	if create {
		markComputedUnknown(schema.Block, planned, object(config), nil)
	} else if behaviour.framework && !deepEqual(planned, prior) {
		keep := map[string]bool{}
		for name := range behaviour.useStateForUnknown {
			keep[name] = true
		}
		for name := range behaviour.defaults {
			keep[name] = true
		}
		markComputedUnknown(schema.Block, planned, object(config), keep)
	}
	for _, attribute := range schema.Block.Attributes {
		if attribute.WriteOnly {
			planned[attribute.Name] = nil // never planned, never stored
		}
	}
	response := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate}
	if behaviour.modifyPlan != nil {
		replace, diagnostics, err := behaviour.modifyPlan(planChange{planned: planned, prior: object(prior), config: object(config)})
		if err != nil {
			return fail(err)
		}
		response.Diagnostics = diagnostics
		for _, path := range replace {
			response.RequiresReplace = append(response.RequiresReplace, tftypes.NewAttributePath().WithAttributeName(path))
		}
	}
	if !create {
		for _, name := range behaviour.requiresReplace {
			if !deepEqual(planned[name], object(prior)[name]) {
				response.RequiresReplace = append(response.RequiresReplace, tftypes.NewAttributePath().WithAttributeName(name))
			}
		}
	}
	if response.PlannedState, err = encode(schema, planned); err != nil {
		return fail(err)
	}
	return response, nil
}

func (d *double) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	fail := func(err error) (*tfprotov6.ApplyResourceChangeResponse, error) {
		return &tfprotov6.ApplyResourceChangeResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: %w", req.TypeName, err))}, nil
	}
	schema, err := d.resourceSchema(req.TypeName)
	if err != nil {
		return fail(err)
	}
	planned, err := decode(schema, req.PlannedState)
	if err != nil {
		return fail(err)
	}
	prior, err := decode(schema, req.PriorState)
	if err != nil {
		return fail(err)
	}
	if planned == nil {
		if destroy := d.behaviour.resources[req.TypeName].destroy; destroy != nil && prior != nil {
			if err := destroy(object(prior)); err != nil {
				return fail(err)
			}
		}
		return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState}, nil
	}
	config, err := decode(schema, req.Config)
	if err != nil {
		return fail(err)
	}
	state := object(planned)
	behaviour := d.behaviour.resources[req.TypeName]
	if behaviour.apply != nil {
		if err := behaviour.apply(planChange{planned: state, prior: object(prior), config: object(config)}); err != nil {
			return fail(err)
		}
	}
	seed := req.TypeName + "\x00" + canonical(state)
	filled := fillUnknown(schema.ValueType(), state, nil, seed, d.behaviour.filler(req.TypeName, state))
	for _, attribute := range schema.Block.Attributes {
		if attribute.WriteOnly {
			object(filled)[attribute.Name] = nil
		}
	}
	newState, err := encode(schema, filled)
	if err != nil {
		return fail(err)
	}
	return &tfprotov6.ApplyResourceChangeResponse{NewState: newState, Private: req.PlannedPrivate}, nil
}

func (d *double) ImportResourceState(_ context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	fail := func(err error) (*tfprotov6.ImportResourceStateResponse, error) {
		return &tfprotov6.ImportResourceStateResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: %w", req.TypeName, err))}, nil
	}
	schema, err := d.resourceSchema(req.TypeName)
	if err != nil {
		return fail(err)
	}
	state := map[string]any{"id": req.ID}
	if importer := d.behaviour.resources[req.TypeName].importState; importer != nil {
		if state, err = importer(req.ID); err != nil {
			return fail(err)
		}
	}
	encoded, err := encode(schema, state)
	if err != nil {
		return fail(err)
	}
	return &tfprotov6.ImportResourceStateResponse{ImportedResources: []*tfprotov6.ImportedResource{{TypeName: req.TypeName, State: encoded}}}, nil
}

func (d *double) MoveResourceState(_ context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return &tfprotov6.MoveResourceStateResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: moving state between resource types is not supported", req.TargetTypeName))}, nil
}

func (d *double) UpgradeResourceIdentity(_ context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return &tfprotov6.UpgradeResourceIdentityResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: no resource identity", req.TypeName))}, nil
}

func (d *double) GenerateResourceConfig(_ context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return &tfprotov6.GenerateResourceConfigResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: config generation is not supported", req.TypeName))}, nil
}

func (d *double) ReadDataSource(_ context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	fail := func(err error) (*tfprotov6.ReadDataSourceResponse, error) {
		return &tfprotov6.ReadDataSourceResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: %w", req.TypeName, err))}, nil
	}
	schema, ok := d.schema.dataSources[req.TypeName]
	if !ok {
		return fail(fmt.Errorf("no such data source in the schema"))
	}
	config, err := decode(schema, req.Config)
	if err != nil {
		return fail(err)
	}
	state := object(config)
	var diagnostics []*tfprotov6.Diagnostic
	if read := d.behaviour.dataSources[req.TypeName]; read != nil {
		if diagnostics, err = read(state); err != nil {
			return fail(err)
		}
	}
	markComputedUnknown(schema.Block, state, object(config), keepAll(state))
	seed := req.TypeName + "\x00" + canonical(state)
	filled := fillUnknown(schema.ValueType(), state, nil, seed, d.behaviour.filler(req.TypeName, state))
	encoded, err := encode(schema, filled)
	if err != nil {
		return fail(err)
	}
	return &tfprotov6.ReadDataSourceResponse{State: encoded, Diagnostics: diagnostics}, nil
}

// keepAll keeps every attribute a data source's read has set.
func keepAll(state map[string]any) map[string]bool {
	keep := map[string]bool{}
	for name, value := range state {
		if value != nil {
			keep[name] = true
		}
	}
	return keep
}

func (d *double) OpenEphemeralResource(_ context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	schema, ok := d.schema.ephemeral[req.TypeName]
	if !ok {
		return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: errorDiagnostics(fmt.Errorf("%s: no such ephemeral resource", req.TypeName))}, nil
	}
	config, err := decode(schema, req.Config)
	if err != nil {
		return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	state := object(config)
	markComputedUnknown(schema.Block, state, object(config), nil)
	filled := fillUnknown(schema.ValueType(), state, nil, req.TypeName+"\x00"+canonical(state), nil)
	encoded, err := encode(schema, filled)
	if err != nil {
		return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: errorDiagnostics(err)}, nil
	}
	return &tfprotov6.OpenEphemeralResourceResponse{Result: encoded}, nil
}

func (d *double) RenewEphemeralResource(context.Context, *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return &tfprotov6.RenewEphemeralResourceResponse{}, nil
}

func (d *double) CloseEphemeralResource(context.Context, *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return &tfprotov6.CloseEphemeralResourceResponse{}, nil
}

func (d *double) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{Functions: map[string]*tfprotov6.Function{}}, nil
}

func (d *double) CallFunction(_ context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: "the double has no function " + req.Name}}, nil
}

// canonical is a stable text of a plain value, for seeds.
func canonical(x any) string {
	switch v := x.(type) {
	case nil:
		return "null"
	case unknown:
		return "?"
	case string:
		return fmt.Sprintf("%q", v)
	case bool:
		return fmt.Sprint(v)
	case []any:
		out := "["
		for _, item := range v {
			out += canonical(item) + ","
		}
		return out + "]"
	case map[string]any:
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		out := "{"
		for _, key := range keys {
			out += fmt.Sprintf("%q:%s,", key, canonical(v[key]))
		}
		return out + "}"
	}
	return fmt.Sprint(x)
}
