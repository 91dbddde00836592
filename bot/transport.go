package bot

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

var apiVersionPrefix = regexp.MustCompile(`^/api/v[0-9]+`)

// rewriteTransport sends discordgo's requests for discord.com to another
// API base instead. It exists so that each Bot can point at its own
// emulator without touching discordgo's package-level Endpoint variables,
// which every session in the process shares.
type rewriteTransport struct {
	base *url.URL
	next http.RoundTripper
}

// parseAPIURL accepts a base like http://127.0.0.1:8080 or one that names
// the API version, like http://127.0.0.1:8080/api/v10/.
func parseAPIURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("api_url: %w", err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("api_url %q: want http(s)://host[:port][/api/vN/]", s)
	}
	return u, nil
}

func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return t.next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = t.base.Scheme, t.base.Host
	u.Path = t.mapPath(u.Path)
	if u.RawPath != "" {
		u.RawPath = t.mapPath(u.RawPath)
	}
	r.URL, r.Host = &u, t.base.Host
	return t.next.RoundTrip(r)
}

// mapPath keeps discordgo's path unless the base names a path of its
// own: a base ending in /api/vN replaces discordgo's version prefix, any
// other base path is put in front.
func (t *rewriteTransport) mapPath(p string) string {
	base := strings.TrimSuffix(t.base.Path, "/")
	switch {
	case base == "":
		return p
	case apiVersionPrefix.MatchString(base) && apiVersionPrefix.MatchString(p):
		return base + apiVersionPrefix.ReplaceAllString(p, "")
	default:
		return base + p
	}
}
