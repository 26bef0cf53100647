package main

// hashicorp/helm v3.1.2, offline: helm_template renders the charts that are on this machine.

func helmBehaviour() providerBehaviour {
	return providerBehaviour{}
}
