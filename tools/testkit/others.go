package main

// The smaller providers of the trees: keys, Flux, the Git forges. Replacement rules cite each
// provider's source at the version the trees pin.

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"strings"
	"time"

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
			// Every argument of both is RequiresReplace (resource_cert_request.go,
			// resource_locally_signed_cert.go); a certificate near its end is planned anew
			// (early_renewal_hours), which the trees rely on and a plan of minutes never meets.
			"tls_cert_request": {
				requiresReplace: []string{"private_key_pem", "subject", "dns_names", "ip_addresses", "uris"},
				apply:           applyCertRequest,
			},
			"tls_locally_signed_cert": {
				defaults:        map[string]any{"early_renewal_hours": number(0), "is_ca_certificate": false, "max_path_length": number(0), "set_subject_key_id": false},
				requiresReplace: []string{"cert_request_pem", "ca_cert_pem", "ca_private_key_pem", "validity_period_hours", "allowed_uses", "is_ca_certificate"},
				apply:           applyLocallySignedCert,
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

func parsePrivateKey(text string) (crypto.Signer, error) {
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, fmt.Errorf("failed to decode PEM block containing private key")
	}
	if key, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		if signer, ok := key.(crypto.Signer); ok {
			return signer, nil
		}
	}
	if key, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
		return key, nil
	}
	if key, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return key, nil
	}
	return nil, fmt.Errorf("unsupported private key (%s)", block.Type)
}

// applyCertRequest signs a real CSR with the request's key and subject.
func applyCertRequest(change planChange) error {
	p := change.planned
	key, err := parsePrivateKey(str(p["private_key_pem"]))
	if err != nil {
		return err
	}
	var subject pkix.Name
	if subjects, ok := p["subject"].([]any); ok && len(subjects) > 0 {
		s := object(subjects[0])
		subject.CommonName = str(s["common_name"])
		if o := str(s["organization"]); o != "" {
			subject.Organization = []string{o}
		}
	}
	der, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{Subject: subject}, key)
	if err != nil {
		return err
	}
	p["cert_request_pem"] = string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE REQUEST", Bytes: der}))
	p["id"] = fmt.Sprintf("%x", sha256.Sum256(der))
	p["key_algorithm"] = "ED25519"
	return nil
}

// applyLocallySignedCert signs the request with the CA's key: a CA that is not PEM (say, the
// base64 of one) fails as the provider's does.
func applyLocallySignedCert(change planChange) error {
	p := change.planned
	block, _ := pem.Decode([]byte(str(p["cert_request_pem"])))
	if block == nil {
		return fmt.Errorf("failed to decode cert_request_pem")
	}
	request, err := x509.ParseCertificateRequest(block.Bytes)
	if err != nil {
		return err
	}
	caBlock, _ := pem.Decode([]byte(str(p["ca_cert_pem"])))
	if caBlock == nil {
		return fmt.Errorf("failed to decode ca_cert_pem: not a PEM certificate")
	}
	ca, err := x509.ParseCertificate(caBlock.Bytes)
	if err != nil {
		return err
	}
	caKey, err := parsePrivateKey(str(p["ca_private_key_pem"]))
	if err != nil {
		return fmt.Errorf("ca_private_key_pem: %w", err)
	}
	hours, _ := p["validity_period_hours"].(*big.Float).Int64()
	start := time.Now()
	template := &x509.Certificate{
		SerialNumber: big.NewInt(start.UnixNano()),
		Subject:      request.Subject,
		NotBefore:    start,
		NotAfter:     start.Add(time.Duration(hours) * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, ca, request.PublicKey, caKey)
	if err != nil {
		return err
	}
	p["cert_pem"] = string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	p["id"] = template.SerialNumber.String()
	p["validity_start_time"] = template.NotBefore.UTC().Format(time.RFC3339)
	p["validity_end_time"] = template.NotAfter.UTC().Format(time.RFC3339)
	p["ready_for_renewal"] = false
	p["ca_key_algorithm"] = "ECDSA"
	return nil
}
