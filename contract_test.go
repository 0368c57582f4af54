package robots_test

// The names SPEC.md fixes, as code outside the package compiles against
// them: a change to one of these signatures breaks this file's build before
// it breaks a caller's. Each assignment states the exact type the contract
// gives.

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/sdxc/robots"
)

// SPEC §1: robots.txt.
var (
	_ func([]byte) *robots.Robots                        = robots.Parse
	_ func(*robots.Robots, string, string) bool          = (*robots.Robots).IsAllowed
	_ func(*robots.Robots, string) (time.Duration, bool) = (*robots.Robots).CrawlDelay
	_ func(*robots.Robots) ([]byte, error)               = (*robots.Robots).MarshalText
	_ func(*robots.Robots, []byte) error                 = (*robots.Robots).UnmarshalText
	_ func(*robots.Robots) string                        = (*robots.Robots).String
	_ func(string) string                                = robots.ProductToken
	_ func(string) (string, error)                       = robots.RobotsURL
	_ []robots.Group                                     = robots.Robots{}.Groups
	_ []string                                           = robots.Robots{}.Sitemaps
	_ []robots.Record                                    = robots.Robots{}.Records
	_ []string                                           = robots.Group{}.UserAgents
	_ []robots.Rule                                      = robots.Group{}.Rules
	_ time.Duration                                      = robots.Group{}.CrawlDelay
	_ map[string]bool                                    = robots.Group{}.ContentSignals
	_                                                    = robots.Rule{Allow: true, Pattern: ""}
	_                                                    = robots.Record{Name: "", Value: ""}
)

// SPEC §2: fetching.
var (
	_ *http.Client   = robots.Fetcher{}.Client
	_ string         = robots.Fetcher{}.UserAgent
	_ int            = robots.Fetcher{}.MaxBytes
	_ int            = robots.Fetcher{}.MaxRedirects
	_ time.Duration  = robots.Fetcher{}.Timeout
	_ robots.Status  = robots.Outcome{}.Status
	_ int            = robots.Outcome{}.HTTPStatus
	_ *robots.Robots = robots.Outcome{}.Robots
	_ time.Duration  = robots.Outcome{}.Lifetime

	_ func(*robots.Fetcher, context.Context, string) *robots.Outcome = (*robots.Fetcher).Fetch
	_ func(*robots.Outcome, string, string) bool                     = (*robots.Outcome).IsAllowed
)

// SPEC §3: page directives.
var (
	_ string    = robots.Directives{}.Bot
	_ bool      = robots.Directives{}.NoIndex
	_ bool      = robots.Directives{}.NoFollow
	_ bool      = robots.Directives{}.NoArchive
	_ bool      = robots.Directives{}.NoSnippet
	_ bool      = robots.Directives{}.NoImageIndex
	_ bool      = robots.Directives{}.NoTranslate
	_ *int      = robots.Directives{}.MaxSnippet
	_ *int      = robots.Directives{}.MaxVideoPreview
	_ string    = robots.Directives{}.MaxImagePreview
	_ time.Time = robots.Directives{}.UnavailableAfter
	_ []string  = robots.Directives{}.Other

	_ func(string) []robots.Directives                    = robots.ParseDirectives
	_ func(http.Header, []byte, string) robots.Directives = robots.DirectivesFor
	_ func(robots.Directives) string                      = robots.Directives.String
	_ string                                              = robots.Link{}.URL
	_ []string                                            = robots.Link{}.Rel
	_ bool                                                = robots.Link{}.NoFollow
	_ func([]byte, *url.URL) []robots.Link                = robots.Links
)

// TestContractStatuses pins the Status values SPEC §2 gives: they are what
// an Outcome's JSON holds, which crawlers share.
func TestContractStatuses(t *testing.T) {
	for _, c := range []struct {
		got  robots.Status
		want string
	}{
		{robots.Parsed, "parsed"},
		{robots.Unavailable, "unavailable"},
		{robots.Unreachable, "unreachable"},
	} {
		if string(c.got) != c.want {
			t.Errorf("status %q, SPEC §2 says %q", c.got, c.want)
		}
	}
}
