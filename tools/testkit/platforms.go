package main

// What the platform APIs would have answered: VM and server ids, addresses a guest agent or a
// cloud reports. Only the shape matters to the trees (ids of the right form, an address per
// NIC matched by MAC), and every value is stable for the same configuration.

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// bpg/proxmox v0.111.1: a VM's id is its vm_id (proxmoxtf/resource/vm/vm.go:2472), a
// downloaded file's is "<datastore>:<content type>/<file name>"
// (fwprovider/nodes/resource_download_file.go:480).
func proxmoxBehaviour() providerBehaviour {
	// RequiresReplace on what names or fetches the file (fwprovider/nodes/resource_download_file.go Schema).
	downloadFile := resourceBehaviour{
		requiresReplace: []string{"content_type", "file_name", "datastore_id", "node_name", "url", "checksum", "checksum_algorithm", "decompression_algorithm"},
		apply: func(change planChange) error {
			p := change.planned
			if isUnknown(p["id"]) {
				p["id"] = fmt.Sprintf("%s:%s/%s", str(p["datastore_id"]), str(p["content_type"]), str(p["file_name"]))
			}
			return nil
		},
	}
	return providerBehaviour{
		resources: map[string]resourceBehaviour{
			// ForceNew of node_name unless migrate (vm.go:1781-1789) is the real provider's: the
			// day-2 plans run against it, the double only records applies.
			"proxmox_virtual_environment_vm": {apply: applyProxmoxVM, importState: importProxmoxVM},
			"proxmox_download_file":          downloadFile,
			// The deprecated name of the same resource (resource_download_file.go Metadata), which
			// hand-written modules like seed 004's still use.
			"proxmox_virtual_environment_download_file": downloadFile,
		},
	}
}

// applyProxmoxVM reports what the QEMU guest agent would: "lo" and one interface per NIC in
// order, with the NIC's MAC (upper-case, as the agent reports it) and its cloud-init address,
// or a DHCP lease from TESTKIT_DHCP_CIDR (default 10.255.0.0/16) for "dhcp". A running VM
// without a cloud-init drive (installed from the metal ISO) keeps the address its guest has,
// which its own configuration set: the agent reports it as before the update.
func applyProxmoxVM(change planChange) error {
	p := change.planned
	if change.prior == nil {
		if err := vmIDUnused(p["vm_id"]); err != nil {
			return err
		}
	}
	if isUnknown(p["id"]) {
		p["id"] = canonicalNumber(p["vm_id"])
	}
	agent := object(first(p["agent"]))
	enabled, _ := agent["enabled"].(bool)
	names, macs, ipv4, ipv6 := []any{}, []any{}, []any{}, []any{}
	if enabled {
		names = append(names, "lo")
		macs = append(macs, "00:00:00:00:00:00")
		ipv4 = append(ipv4, []any{"127.0.0.1"})
		ipv6 = append(ipv6, []any{"::1"})
		devices, _ := p["network_device"].([]any)
		configs, _ := object(first(p["initialization"]))["ip_config"].([]any)
		// The guest's addresses before this update, per NIC (after "lo").
		var running []any
		if reported, _ := change.prior["ipv4_addresses"].([]any); len(reported) > 1 {
			running = reported[1:]
		}
		for i, device := range devices {
			mac := strings.ToUpper(str(object(device)["mac_address"]))
			address := ""
			if i < len(configs) {
				address = str(object(first(object(configs[i])["ipv4"]))["address"])
			}
			if address == "" && i < len(running) {
				address = str(first(running[i]))
			}
			if address == "dhcp" || address == "" {
				address = dhcpLease(mac)
			}
			names = append(names, fmt.Sprintf("eth%d", i))
			macs = append(macs, mac)
			ipv4 = append(ipv4, []any{strings.Split(address, "/")[0]})
			ipv6 = append(ipv6, []any{})
		}
	}
	p["network_interface_names"] = names
	p["mac_addresses"] = macs
	p["ipv4_addresses"] = ipv4
	p["ipv6_addresses"] = ipv6
	return nil
}

// importProxmoxVM: a running VM imported by "<node>/<vm id>" (vm.go Importer) has what the real
// provider reads back from the API and the guest agent, as the test says the VM is
// (TESTKIT_PROXMOX_VMS, {"<node>/<vm id>": {"name", "mac", "ip"}}, as the fake Proxmox API
// serves it); any other is unknown to the double.
func importProxmoxVM(id string) (map[string]any, error) {
	var vms map[string]struct {
		Name string `json:"name"`
		MAC  string `json:"mac"`
		IP   string `json:"ip"`
	}
	if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_PROXMOX_VMS")), &vms); err != nil {
		return nil, fmt.Errorf("proxmox_virtual_environment_vm: TESTKIT_PROXMOX_VMS: %w", err)
	}
	vm, ok := vms[id]
	node, vmID, found := strings.Cut(id, "/")
	vmNumber, isNumber := new(big.Float).SetString(vmID)
	if !ok || !found || !isNumber {
		return nil, fmt.Errorf("proxmox_virtual_environment_vm: no VM %s to import in TESTKIT_PROXMOX_VMS", id)
	}
	return map[string]any{
		"id":                      vmID,
		"node_name":               node,
		"vm_id":                   vmNumber,
		"name":                    vm.Name,
		"network_interface_names": []any{"lo", "eth0"},
		"mac_addresses":           []any{"00:00:00:00:00:00", strings.ToUpper(vm.MAC)},
		"ipv4_addresses":          []any{[]any{"127.0.0.1"}, []any{vm.IP}},
		"ipv6_addresses":          []any{[]any{"::1"}, []any{}},
	}, nil
}

func first(x any) any {
	items, _ := x.([]any)
	if len(items) == 0 {
		return nil
	}
	return items[0]
}

// canonicalNumber writes a number (or a numeric string) as the decimal an API would use in an id.
func canonicalNumber(x any) any {
	switch n := x.(type) {
	case *big.Float:
		return n.Text('f', 0)
	case string:
		return n
	}
	return unknown{}
}

func dhcpLease(mac string) string {
	cidr := os.Getenv("TESTKIT_DHCP_CIDR")
	if cidr == "" {
		cidr = "10.255.0.0/16"
	}
	_, network, err := net.ParseCIDR(cidr)
	if err != nil || network.IP.To4() == nil {
		return "10.255.0.10"
	}
	ones, bits := network.Mask.Size()
	size := uint64(1) << (bits - ones)
	offset := 10 + hashNumber(size-20, "lease", mac)
	base := network.IP.To4()
	n := uint64(base[0])<<24 | uint64(base[1])<<16 | uint64(base[2])<<8 | uint64(base[3])
	n += offset
	return fmt.Sprintf("%d.%d.%d.%d", byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}

// hetznercloud/hcloud v1.68.0: ids are numbers written as strings; a subnet's is
// "<network id>-<ip range>" (internal/network/subnet resource); addresses come from the cloud.
func hcloudBehaviour() providerBehaviour {
	return providerBehaviour{
		resources: map[string]resourceBehaviour{
			// An attachment by subnet belongs to the subnet's network ("<network id>-<range>").
			"hcloud_load_balancer_network": {apply: func(change planChange) error {
				setNetworkFromSubnet(change.planned)
				return nil
			}},
			"hcloud_network_subnet": {apply: applyHcloudSubnet},
			// A primary IP's id is a number (internal/primaryip resource.go ImportState parses it);
			// an adopted server's has the address the test says.
			"hcloud_primary_ip": {importState: importHcloudPrimaryIP},
			"hcloud_server":     {apply: applyHcloudServer, importState: importHcloudServer, destroy: placement.leave},
		},
		dataSources: map[string]func(map[string]any) ([]*tfprotov6.Diagnostic, error){
			"hcloud_network":     readHcloudNetwork,
			"hcloud_floating_ip": readHcloudFloatingIP,
			"hcloud_server":      readHcloudServer,
		},
		fill: func(typeName string, state map[string]any) filler {
			seed := typeName + canonical(state)
			return byName(map[string]func(tftypes.Type) any{
				"id": func(typ tftypes.Type) any {
					n := 1000000 + hashNumber(8000000, seed, "id")
					if typ.Is(tftypes.Number) {
						return number(int64(n))
					}
					return fmt.Sprint(n)
				},
				"ipv4_address": func(tftypes.Type) any { return documentationIPv4(seed, "ipv4") },
				"ip_address": func(tftypes.Type) any {
					if str(state["type"]) == "ipv6" {
						return documentationIPv6(seed)
					}
					return documentationIPv4(seed, "ip")
				},
				"ipv4": func(tftypes.Type) any { return documentationIPv4(seed, "lb") },
				// A private address (load balancer or server in the network): in the node network.
				"ip":           func(tftypes.Type) any { return dhcpLease(seed) },
				"ipv6_address": func(tftypes.Type) any { return documentationIPv6(seed) },
				"ipv6":         func(tftypes.Type) any { return documentationIPv6(seed) },
			})
		},
	}
}

// readHcloudNetwork: an existing network read by id has the range the test says it has
// (TESTKIT_HCLOUD_NETWORKS, {"<id>": "<ip range>"}, as the fake Hetzner API serves it); any
// other is unknown to the double.
func readHcloudNetwork(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	var networks map[string]string
	if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_HCLOUD_NETWORKS")), &networks); err != nil {
		return nil, fmt.Errorf("hcloud_network: TESTKIT_HCLOUD_NETWORKS: %w", err)
	}
	id := fmt.Sprint(canonicalNumber(state["id"]))
	ipRange, ok := networks[id]
	if !ok {
		return nil, fmt.Errorf("hcloud_network: no network %s in TESTKIT_HCLOUD_NETWORKS", id)
	}
	state["ip_range"] = ipRange
	return nil, nil
}

// readHcloudFloatingIP: an existing floating IP read by id has the type and home location the
// test says it has (TESTKIT_HCLOUD_FLOATING_IPS, {"<id>": {"type": ..., "home_location": ...}},
// as the fake Hetzner API serves it); its address stays a filled-in one.
func readHcloudFloatingIP(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	var ips map[string]struct {
		Type         string `json:"type"`
		HomeLocation string `json:"home_location"`
	}
	if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_HCLOUD_FLOATING_IPS")), &ips); err != nil {
		return nil, fmt.Errorf("hcloud_floating_ip: TESTKIT_HCLOUD_FLOATING_IPS: %w", err)
	}
	id := fmt.Sprint(canonicalNumber(state["id"]))
	ip, ok := ips[id]
	if !ok {
		return nil, fmt.Errorf("hcloud_floating_ip: no floating IP %s in TESTKIT_HCLOUD_FLOATING_IPS", id)
	}
	state["type"] = ip.Type
	state["home_location"] = ip.HomeLocation
	return nil, nil
}

// runningServer is a server that runs before the tree (an adopted node's), as the test says it
// is in TESTKIT_HCLOUD_SERVERS ({"<id>": {...}}, as the fake Hetzner API serves it).
type runningServer struct {
	Name        string `json:"name"`
	Location    string `json:"location"`
	ServerType  string `json:"server_type"`
	NetworkID   int64  `json:"network_id"`
	IP          string `json:"ip"`
	PrimaryIPID int64  `json:"primary_ip_id"`
	PublicIP    string `json:"public_ip"`
}

func runningServers() (map[string]runningServer, error) {
	var servers map[string]runningServer
	if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_HCLOUD_SERVERS")), &servers); err != nil {
		return nil, fmt.Errorf("TESTKIT_HCLOUD_SERVERS: %w", err)
	}
	return servers, nil
}

// readHcloudServer: a running server read by id is where the test says it is; any other is
// unknown to the double.
func readHcloudServer(state map[string]any) ([]*tfprotov6.Diagnostic, error) {
	servers, err := runningServers()
	if err != nil {
		return nil, fmt.Errorf("hcloud_server: %w", err)
	}
	id := fmt.Sprint(canonicalNumber(state["id"]))
	server, ok := servers[id]
	if !ok {
		return nil, fmt.Errorf("hcloud_server: no server %s in TESTKIT_HCLOUD_SERVERS", id)
	}
	state["location"] = server.Location
	state["server_type"] = server.ServerType
	state["network"] = []any{map[string]any{"network_id": new(big.Float).SetInt64(server.NetworkID), "ip": server.IP}}
	return nil, nil
}

// importHcloudServer: an imported server has what the real provider reads back
// (internal/server resource.go getServerAttributes): no public_net and no network block.
func importHcloudServer(id string) (map[string]any, error) {
	servers, err := runningServers()
	if err != nil {
		return nil, fmt.Errorf("hcloud_server: %w", err)
	}
	server, ok := servers[id]
	if !ok {
		return nil, fmt.Errorf("hcloud_server: no server %s to import in TESTKIT_HCLOUD_SERVERS", id)
	}
	return map[string]any{"id": id, "name": server.Name, "location": server.Location, "server_type": server.ServerType, "ipv4_address": server.PublicIP}, nil
}

// importHcloudPrimaryIP: a primary IP's id is a number (internal/primaryip resource.go
// ImportState parses it); a running server's has that server's public address.
func importHcloudPrimaryIP(id string) (map[string]any, error) {
	n, ok := new(big.Float).SetString(id)
	if !ok {
		return nil, fmt.Errorf("hcloud_primary_ip: import id %q is not a number", id)
	}
	servers, err := runningServers()
	if err != nil {
		return nil, fmt.Errorf("hcloud_primary_ip: %w", err)
	}
	for _, server := range servers {
		if fmt.Sprint(server.PrimaryIPID) == id {
			return map[string]any{"id": n, "type": "ipv4", "location": server.Location, "ip_address": server.PublicIP}, nil
		}
	}
	return nil, fmt.Errorf("hcloud_primary_ip: no running server has primary IP %s in TESTKIT_HCLOUD_SERVERS", id)
}

// applyHcloudServer: an attachment by subnet belongs to the subnet's network ("<network id>-<range>").
func applyHcloudServer(change planChange) error {
	// A new server joins its placement group, which may be full; a running one keeps its group
	// (the trees ignore placement_group_id after creation).
	if change.prior == nil {
		if err := placement.join(change.planned["placement_group_id"], "new:"+str(change.planned["name"])); err != nil {
			return err
		}
	}
	networks, _ := change.planned["network"].([]any)
	for _, network := range networks {
		setNetworkFromSubnet(object(network))
	}
	return nil
}

func setNetworkFromSubnet(attachment map[string]any) {
	subnet := str(attachment["subnet_id"])
	if !isUnknown(attachment["network_id"]) || !strings.Contains(subnet, "-") {
		return
	}
	id, ok := new(big.Float).SetString(strings.SplitN(subnet, "-", 2)[0])
	if ok {
		attachment["network_id"] = id
	}
}

// vmIDUnused: Proxmox VE creates no VM under an id that another VM of the cluster has; the API
// answers "VM <id> already exists on node '<node>'" (PVE::Cluster::check_vmid_unused, which
// qm create runs first), and bpg reports it as the create's error. The running VMs are those the
// test serves (TESTKIT_PROXMOX_VMS): creating one the spec forgot to adopt fails as it would.
func vmIDUnused(vmID any) error {
	if os.Getenv("TESTKIT_PROXMOX_VMS") == "" || isUnknown(vmID) || vmID == nil {
		return nil
	}
	var vms map[string]json.RawMessage
	if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_PROXMOX_VMS")), &vms); err != nil {
		return fmt.Errorf("proxmox_virtual_environment_vm: TESTKIT_PROXMOX_VMS: %w", err)
	}
	id := fmt.Sprint(canonicalNumber(vmID))
	for key := range vms {
		node, running, _ := strings.Cut(key, "/")
		if running == id {
			return fmt.Errorf("error creating VM: received an HTTP 500 response - Reason: VM %s already exists on node '%s'", id, node)
		}
	}
	return nil
}

// applyHcloudSubnet: a subnet's id is "<network id>-<ip range>". Hetzner Cloud adds no subnet
// that overlaps one the network has ("... overlaps with another subnetwork or network route
// (invalid_input)", as hcloud-cloud-controller-manager docs/deploy_with_networks.md quotes the
// API): the existing subnets are those the test serves (TESTKIT_HCLOUD_SUBNETS, {"<network
// id>": ["<range>", ...]}).
func applyHcloudSubnet(change planChange) error {
	network := fmt.Sprint(canonicalNumber(change.planned["network_id"]))
	ipRange := str(change.planned["ip_range"])
	if change.prior == nil && os.Getenv("TESTKIT_HCLOUD_SUBNETS") != "" {
		var subnets map[string][]string
		if err := json.Unmarshal([]byte(os.Getenv("TESTKIT_HCLOUD_SUBNETS")), &subnets); err != nil {
			return fmt.Errorf("hcloud_network_subnet: TESTKIT_HCLOUD_SUBNETS: %w", err)
		}
		_, wanted, err := net.ParseCIDR(ipRange)
		if err != nil {
			return fmt.Errorf("hcloud_network_subnet: ip_range %q: %w", ipRange, err)
		}
		for _, existing := range subnets[network] {
			_, have, err := net.ParseCIDR(existing)
			if err == nil && (have.Contains(wanted.IP) || wanted.Contains(have.IP)) {
				return fmt.Errorf("hcloud_network_subnet: subnet %s overlaps with another subnetwork or network route (invalid_input)", ipRange)
			}
		}
	}
	change.planned["id"] = fmt.Sprintf("%s-%s", network, ipRange)
	return nil
}
