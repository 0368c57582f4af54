// Package robots reads, writes and evaluates robots.txt (RFC 9309) and the
// per-page robots directives a crawler must honour.
package robots

import (
	"time"
)

// ProductToken returns the product token of a user agent: the lower-cased
// leading run of ASCII letters, '_' and '-' (RFC 9309 §2.2.1).
// "ExampleBot/1.0 (+https://example.com/bot)" gives "examplebot". A user
// agent that starts with anything else gives "".
func ProductToken(userAgent string) string {
	n := productTokenLen(userAgent)
	b := make([]byte, n)
	for i := range n {
		b[i] = lowerASCII(userAgent[i])
	}
	return string(b)
}

// productTokenLen returns the length of the leading run of [A-Za-z_-] in s.
func productTokenLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			return i
		}
	}
	return len(s)
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// RobotsURL returns the robots.txt URL of rawURL's origin.
func RobotsURL(rawURL string) (string, error) {
	return "", nil
}

// A Reason says why a Decision came out as it did.
type Reason uint8

// The reasons of a Decision.
const (
	ReasonNoMatch     Reason = iota // no rule matched the path: allowed
	ReasonRule                      // Decision.Rule matched and decided
	ReasonRobotsTxt                 // the path is /robots.txt, always allowed
	ReasonInvalidURL                // neither an absolute URL nor a /-rooted path: disallowed
	ReasonUnavailable               // robots.txt unavailable (4xx): allowed (RFC 9309 §2.3.1.3)
	ReasonUnreachable               // robots.txt unreachable (5xx, network): disallowed (RFC 9309 §2.3.1.4)
)

// A Decision is the answer to one query with the evidence behind it.
type Decision struct {
	Allowed bool
	Reason  Reason
	Rule    Rule // the deciding rule as written; zero unless Reason is ReasonRule
	Line    int  // the deciding rule's 1-based line in the parsed text; 0 when unknown
	Group   int  // index in Robots.Groups of the deciding rule's group; -1 when none
}

// An Agent is a Robots compiled for one product token.
type Agent struct{}

// Agent returns the compiled view of r for userAgent's product token.
func (r *Robots) Agent(userAgent string) *Agent { return &Agent{} }

// IsAllowed reports whether userAgent may fetch rawURL.
func (r *Robots) IsAllowed(userAgent, rawURL string) bool { return true }

// Explain returns the decision for userAgent and rawURL with its evidence.
func (r *Robots) Explain(userAgent, rawURL string) Decision {
	return Decision{Allowed: true, Group: -1}
}

// CrawlDelay returns the Crawl-delay that applies to userAgent.
func (r *Robots) CrawlDelay(userAgent string) (time.Duration, bool) { return 0, false }

// ContentSignalsFor returns the Content-Signal preferences that apply to userAgent.
func (r *Robots) ContentSignalsFor(userAgent string) map[string]bool { return nil }

// IsAllowed reports whether the agent may fetch rawURL.
func (a *Agent) IsAllowed(rawURL string) bool { return true }

// Explain returns the decision for rawURL with its evidence.
func (a *Agent) Explain(rawURL string) Decision { return Decision{Allowed: true, Group: -1} }

// CrawlDelay returns the Crawl-delay that applies to the agent.
func (a *Agent) CrawlDelay() (time.Duration, bool) { return 0, false }

// ContentSignals returns the Content-Signal preferences that apply to the agent.
func (a *Agent) ContentSignals() map[string]bool { return nil }
