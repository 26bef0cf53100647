// Command testkit: the project's test-only tools, built by `npm run tools`.
//
//	testkit provider <schema.json> <address>   serve a provider double (started by tofu)
//	testkit schematic-id < schematic.yaml      the image factory id of a schematic
//	testkit gen-secrets <contract>             a secrets.yaml, as talosctl gen secrets writes it
//	testkit dry-run <running> <sent>           what apply-config --dry-run prints for the two configurations
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "testkit:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: testkit provider <schema.json> <address> | testkit schematic-id")
	}
	switch args[0] {
	case "provider":
		if len(args) != 3 {
			return fmt.Errorf("usage: testkit provider <schema.json> <address>")
		}
		schema, err := loadProviderSchema(args[1], args[2])
		if err != nil {
			return err
		}
		server := &double{address: args[2], schema: schema, behaviour: behaviourFor(args[2])}
		return tf6server.Serve(args[2], func() tfprotov6.ProviderServer { return server })
	case "schematic-id":
		text, err := io.ReadAll(os.Stdin)
		if err != nil {
			return err
		}
		id, err := schematicID(string(text))
		if err != nil {
			return err
		}
		fmt.Println(id)
		return nil
	case "machine-config-hash":
		// What talos_machine keeps as machine_configuration_hash after an apply: the real-tier
		// reconcile fills it in where a plan could only say "known after apply".
		if len(args) != 2 || (args[1] != "exact" && args[1] != "ignore-kubernetes") {
			return fmt.Errorf("usage: testkit machine-config-hash exact|ignore-kubernetes < config")
		}
		text, err := io.ReadAll(os.Stdin)
		if err != nil {
			return err
		}
		fmt.Println(configHash(string(text), args[1] == "ignore-kubernetes"))
		return nil
	case "gen-secrets":
		if len(args) != 2 {
			return fmt.Errorf("usage: testkit gen-secrets <contract, e.g. v1.13>")
		}
		text, err := genSecrets(args[1])
		if err != nil {
			return err
		}
		fmt.Print(text)
		return nil
	case "dry-run":
		if len(args) != 3 {
			return fmt.Errorf("usage: testkit dry-run <running config> <sent config>")
		}
		text, err := dryRunSummary(args[1], args[2])
		if err != nil {
			return err
		}
		fmt.Println(text)
		return nil
	}
	return fmt.Errorf("unknown command %q", args[0])
}
