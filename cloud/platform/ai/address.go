package ai

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// Where a provider may be: anywhere but a link-local address (169.254.0.0/16,
// fe80::/10, where clouds answer instance metadata and credentials), a
// multicast address, or a cloud's metadata service by its other addresses and
// names. Loopback and private LAN addresses stay allowed: a home may run a
// llama.cpp server on its own network.

// metadataAddrs are metadata services outside the link-local ranges: AWS over
// IPv6 (docs.aws.amazon.com, "instance metadata service") and Alibaba Cloud.
var metadataAddrs = []netip.Addr{
	netip.MustParseAddr("fd00:ec2::254"),
	netip.MustParseAddr("100.100.100.200"),
}

// metadataNames are metadata services' host names (Google Cloud, AWS).
var metadataNames = []string{"metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"}

// nat64 is the well-known NAT64 prefix (RFC 6052), which can carry any IPv4 address.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// refusedAddr reports whether a provider may not be called at a.
func refusedAddr(a netip.Addr) bool {
	a = a.WithZone("").Unmap()
	if a.Is6() && nat64.Contains(a) {
		b := a.As16()
		a = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	if a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() || a.IsMulticast() {
		return true
	}
	for _, m := range metadataAddrs {
		if a == m {
			return true
		}
	}
	return false
}

// RefusedHost reports whether a base URL's host (a name or an address, with
// or without brackets) is one a provider may not be at. A name is checked
// again, after it is resolved, when the call is made.
func RefusedHost(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if a, err := netip.ParseAddr(h); err == nil {
		return refusedAddr(a)
	}
	for _, n := range metadataNames {
		if h == n {
			return true
		}
	}
	return false
}

// errAddressRefused is the dialer's refusal; the call answers ErrAddressRefused.
var errAddressRefused = errors.New("ai: provider address refused (link-local or metadata)")

// dialer refuses a refused address after name resolution, so a name that
// resolves to the metadata address is stopped before a connection (and the
// key) leaves the server.
var dialer = &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second,
	Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || refusedAddr(ap.Addr()) {
			return errAddressRefused
		}
		return nil
	}}
