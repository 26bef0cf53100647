package main

import (
	"fmt"
	"time"

	"github.com/siderolabs/talos/pkg/machinery/config"
	"github.com/siderolabs/talos/pkg/machinery/config/generate/secrets"
	"go.yaml.in/yaml/v4"
)

// genSecrets prints a new secrets bundle as `talosctl gen secrets` writes it (talos
// cmd/talosctl/cmd/mgmt/gen/secrets.go: secrets.NewBundle, then yaml.Marshal) and
// `talhelper gensecret` too (talhelper pkg/talos/secret.go): the file a running cluster was
// made with, which talos_machine_secrets imports.
func genSecrets(contractVersion string) (string, error) {
	contract, err := config.ParseContractFromVersion(contractVersion)
	if err != nil {
		return "", err
	}
	bundle, err := secrets.NewBundle(secrets.NewFixedClock(time.Now()), contract)
	if err != nil {
		return "", err
	}
	out, err := yaml.Marshal(bundle)
	if err != nil {
		return "", fmt.Errorf("marshal the secrets bundle: %w", err)
	}
	return string(out), nil
}
