package main

// The smaller providers of the trees: keys, Flux, the Git forges. Replacement rules cite each
// provider's source at the version the trees pin.

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"golang.org/x/crypto/ssh"
)

// hashicorp/tls v4.2.1: tls_private_key is replaced when its algorithm or size changes
// (internal/provider/resource_private_key.go, RequiresReplace on every argument).
func tlsBehaviour() providerBehaviour {
	return providerBehaviour{
		resources: map[string]resourceBehaviour{
			"tls_private_key": {
				defaults:        map[string]any{"rsa_bits": number(2048), "ecdsa_curve": "P224"},
				requiresReplace: []string{"algorithm", "rsa_bits", "ecdsa_curve"},
				apply:           applyPrivateKey,
			},
		},
	}
}

// applyPrivateKey makes a real key, so what is derived from it (an SSH public key given to a
// Git forge, fingerprints) has its real form. Only ED25519 is generated; other algorithms get
// an ED25519 key too, which is enough for the trees' use.
func applyPrivateKey(change planChange) error {
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	der, err := x509.MarshalPKCS8PrivateKey(private)
	if err != nil {
		return err
	}
	publicDER, err := x509.MarshalPKIXPublicKey(public)
	if err != nil {
		return err
	}
	sshPublic, err := ssh.NewPublicKey(public)
	if err != nil {
		return err
	}
	openssh, err := ssh.MarshalPrivateKey(private, "")
	if err != nil {
		return err
	}
	p := change.planned
	p["id"] = fmt.Sprintf("%x", sha256.Sum256(der))
	p["private_key_pem"] = string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	p["private_key_pem_pkcs8"] = p["private_key_pem"]
	p["private_key_openssh"] = string(pem.EncodeToMemory(openssh))
	p["public_key_pem"] = string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: publicDER}))
	p["public_key_openssh"] = string(ssh.MarshalAuthorizedKey(sshPublic))
	p["public_key_fingerprint_md5"] = ssh.FingerprintLegacyMD5(sshPublic)
	p["public_key_fingerprint_sha256"] = strings.TrimPrefix(ssh.FingerprintSHA256(sshPublic), "")
	_ = base64.StdEncoding
	return nil
}

// fluxcd/flux v1.8.5: flux_bootstrap_git records what it bootstrapped; the cluster and the
// repository are never reached offline.
func fluxBehaviour() providerBehaviour {
	return providerBehaviour{}
}

// integrations/github v6 (github_repository_deploy_key: key, read_only, repository and title
// are ForceNew) and go-gitea/gitea v0.7 (gitea_repository_key likewise).
func forgeBehaviour(source string) providerBehaviour {
	replace := []string{"key", "read_only", "repository", "title"}
	return providerBehaviour{
		// Forge ids are numbers (a repository's is what gitea_repository_key.repository takes).
		fill: func(typeName string, state map[string]any) filler {
			seed := typeName + canonical(state) // before filling changes state
			return byName(map[string]func(tftypes.Type) any{
				"id": func(tftypes.Type) any { return fmt.Sprint(1 + hashNumber(99999, seed)) },
			})
		},
		resources: map[string]resourceBehaviour{
			"github_repository_deploy_key": {requiresReplace: replace},
			"gitea_repository_key":         {requiresReplace: replace},
		},
	}
}
