// Package robots reads, writes and evaluates robots.txt (RFC 9309) and the
// per-page robots directives a crawler must honour.
package robots

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
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

// ErrNoOrigin is returned, wrapped, by RobotsURL for text that is not an
// absolute URL with a host, such as "/page", "mailto:a@example.com" or
// "file:///etc/hosts".
var ErrNoOrigin = errors.New("URL has no origin")

// RobotsURL returns the robots.txt URL of rawURL's origin (RFC 9309 §2.3):
// its scheme, host and port followed by "/robots.txt". Userinfo, path,
// query and fragment are dropped; scheme and host are lower-cased, a default
// port (80 for http, 443 for https) is dropped, and a non-ASCII host is
// written in its ASCII (punycode) form.
//
// "https://User:pw@Example.COM:443/a?b#c" gives
// "https://example.com/robots.txt". The error wraps ErrNoOrigin for a
// relative or host-less URL, and the *url.Error for text that does not parse.
func RobotsURL(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("robots: %w", err)
	}
	if u.Scheme == "" || u.Host == "" || u.Hostname() == "" {
		return "", fmt.Errorf("robots: %q: %w", rawURL, ErrNoOrigin)
	}
	host, err := asciiHost(u.Hostname())
	if err != nil {
		return "", fmt.Errorf("robots: %q: %w", rawURL, err)
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]" // an IPv6 literal
	}
	port := u.Port()
	if port == "80" && u.Scheme == "http" || port == "443" && u.Scheme == "https" {
		port = ""
	}
	if port != "" {
		host += ":" + port
	}
	return u.Scheme + "://" + host + "/robots.txt", nil
}

// asciiHost lower-cases host and writes each non-ASCII label as "xn--" and
// its punycode (RFC 3492), the form DNS and HTTP use. It does not apply the
// full UTS #46 mapping (that needs Unicode tables the library does without);
// it lower-cases with Unicode rules and accepts the ideographic full stops
// as label separators, which covers hosts as people type them.
func asciiHost(host string) (string, error) {
	ascii := true
	for i := 0; i < len(host); i++ {
		if host[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(host), nil
	}
	if !utf8.ValidString(host) {
		return "", errors.New("host is not valid UTF-8")
	}
	host = strings.Map(func(r rune) rune {
		switch r {
		case '\u3002', '\uff0e', '\uff61': // ideographic and full-width full stops
			return '.'
		}
		return unicode.ToLower(r)
	}, host)
	labels := strings.Split(host, ".")
	for i, label := range labels {
		if isASCII(label) {
			continue
		}
		encoded, err := punycode(label)
		if err != nil {
			return "", err
		}
		labels[i] = "xn--" + encoded
	}
	return strings.Join(labels, "."), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Bootstring parameters for punycode, RFC 3492 §5.
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

// punycode encodes a label by RFC 3492 §6.3.
func punycode(label string) (string, error) {
	runes := []rune(label)
	out := make([]byte, 0, len(label)+8)
	for _, r := range runes {
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
		}
	}
	basic := len(out)
	handled := basic
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias := rune(punyInitialN), 0, punyInitialBias
	for handled < len(runes) {
		m := rune(utf8.MaxRune + 1)
		for _, r := range runes {
			if r >= n && r < m {
				m = r
			}
		}
		if int(m-n) > (math.MaxInt32-delta)/(handled+1) {
			return "", errors.New("host label too long for punycode")
		}
		delta += int(m-n) * (handled + 1)
		n = m
		for _, r := range runes {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := punyBase; ; k += punyBase {
				t := min(max(k-bias, punyTMin), punyTMax)
				if q < t {
					break
				}
				out = append(out, punyDigit(t+(q-t)%(punyBase-t)))
				q = (q - t) / (punyBase - t)
			}
			out = append(out, punyDigit(q))
			bias = punyAdapt(delta, handled+1, handled == basic)
			delta = 0
			handled++
		}
		delta++
		n++
	}
	return string(out), nil
}

func punyDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func punyAdapt(delta, points int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (punyBase-punyTMin)*punyTMax/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
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
