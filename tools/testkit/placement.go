package main

// Hetzner Cloud's spread placement groups hold 10 servers at most
// (docs.hetzner.com/cloud/placement-groups/overview, "Limits"); adding an 11th fails with
// "placement group with ID <id> contains already 10 servers (placement_group_member_limit_reached)",
// as the API answers it (hetznercloud/terraform-provider-hcloud#1170 quotes it). The double
// counts a group's members as the world has them: the servers of the state the apply starts
// from (TESTKIT_STATE_FILE, the workspace's local state), plus those this apply creates, minus
// those it destroys. Without a state file it only counts this apply's.

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"sync"
)

const placementGroupLimit = 10

type placementLedger struct {
	mu      sync.Mutex
	loaded  bool
	members map[string]map[string]bool // group id -> server keys
}

var placement = &placementLedger{}

// load reads the hcloud_server instances of the state the apply started from.
func (l *placementLedger) load() error {
	if l.loaded {
		return nil
	}
	l.loaded = true
	l.members = map[string]map[string]bool{}
	path := os.Getenv("TESTKIT_STATE_FILE")
	if path == "" {
		return nil
	}
	text, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	var state struct {
		Resources []struct {
			Mode      string `json:"mode"`
			Type      string `json:"type"`
			Instances []struct {
				Attributes map[string]any `json:"attributes"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(text, &state); err != nil {
		return fmt.Errorf("TESTKIT_STATE_FILE %s: %w", path, err)
	}
	for _, resource := range state.Resources {
		if resource.Mode != "managed" || resource.Type != "hcloud_server" {
			continue
		}
		for _, instance := range resource.Instances {
			l.add(groupOf(instance.Attributes["placement_group_id"]), groupOf(instance.Attributes["id"]))
		}
	}
	return nil
}

func (l *placementLedger) add(group, server string) {
	if group == "" {
		return
	}
	if l.members[group] == nil {
		l.members[group] = map[string]bool{}
	}
	l.members[group][server] = true
}

// join puts a server the apply creates into its group, or refuses as the API does.
func (l *placementLedger) join(groupID any, server string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.load(); err != nil {
		return err
	}
	group := groupOf(groupID)
	if group == "" {
		return nil
	}
	if len(l.members[group]) >= placementGroupLimit {
		return fmt.Errorf("placement group with ID %s contains already %d servers (placement_group_member_limit_reached)", group, placementGroupLimit)
	}
	l.add(group, server)
	return nil
}

// leave takes a destroyed server out of its group.
func (l *placementLedger) leave(prior map[string]any) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.load(); err != nil {
		return err
	}
	delete(l.members[groupOf(prior["placement_group_id"])], groupOf(prior["id"]))
	return nil
}

// groupOf is a placement group id as the state (a JSON number) and the plan (a cty number)
// write it ("" for none).
func groupOf(id any) string {
	if n, ok := id.(float64); ok {
		return strconv.FormatFloat(n, 'f', 0, 64)
	}
	if id == nil || isUnknown(id) {
		return ""
	}
	return fmt.Sprint(canonicalNumber(id))
}
