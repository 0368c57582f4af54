// Check tells whether robots.txt allows an agent to fetch URLs, and which
// rule decided.
//
// Usage:
//
//	check -agent NAME [-robots FILE | -origin URL [-timeout D]] [URL...]
//
// D is a positive Go duration ("10s", the default, or "500ms").
//
// The rules come from a local file (-robots) or from the robots.txt of an
// origin (-origin), fetched as a crawler would with [robots.Fetcher]: a 4xx
// allows everything, and a 5xx, a 429 or a network failure refuses everything
// (RFC 9309 §2.3.1). The URLs are the arguments, or the lines of standard
// input when there are none; each is an absolute URL or a path starting with
// "/". With -origin, a path is taken on that origin and an absolute URL must
// be on it. A path is everything that starts with "/", as IsAllowed reads
// it: "//other/d" is the path //other/d on the origin, not a URL of the
// host other, as a href would be.
//
// For each URL, check prints the URL, a tab and the decision with the rule
// and line that decided it ([robots.Decision.String]); a URL not on the
// -origin given gets a line on standard error instead:
//
//	/drafts/2024/notes	disallowed by line 8 "Disallow: /drafts/"
//	/drafts/2024/published	allowed by line 9 "Allow: /drafts/*/published"
//	/about	allowed: no rule matches
//
// With -robots, check first writes to standard error what [robots.Lint]
// finds in FILE, a line each, such as
//
//	check: robots.txt:12: Disallow pattern "private/" starts with neither '/' nor '*': it matches no path
//
// These do not change the exit status.
//
// The exit status is 0 when every URL is allowed, 1 when any is disallowed,
// and 2 on a usage error, when the file, the origin URL or standard input
// cannot be used, when standard input holds no URL, or when a URL is not on
// the -origin given. A URL that is neither absolute nor a path starting
// with "/" is not an error: the library disallows it ("disallowed: invalid
// URL"), so the status is 1. Nor is an origin whose robots.txt cannot be
// fetched: by RFC 9309 it disallows everything, so the status is 1 (the
// reason is written to standard error).
//
// From the repository root (the second command fetches from the network;
// offline, the origin is unreachable, "no response", and both paths are
// disallowed):
//
//	go run ./examples/check -agent ExampleBot -robots examples/check/testdata/robots.txt /drafts/2024/notes /drafts/2024/published /about
//	printf '/a\n/b\n' | go run ./examples/check -agent ExampleBot -origin https://example.com
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sdxc/robots"
)

// The exit statuses.
const (
	exitAllowed    = 0
	exitDisallowed = 1
	exitError      = 2
)

const usage = `usage: check -agent NAME [-robots FILE | -origin URL [-timeout D]] [URL...]

Tells whether robots.txt allows NAME to fetch each URL argument, or each line
of standard input when there are none, and which rule decided.

With -robots, what robots.Lint finds in FILE goes to standard error first.

Exit status: 0 when every URL is allowed, 1 when any is disallowed (an origin
whose robots.txt cannot be fetched disallows everything), 2 on usage or input
errors (no URL at all among them).

`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is check with its arguments and streams; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	agent := fs.String("agent", "", "the crawler's user agent `NAME`, such as ExampleBot/1.0; its product token picks the group (required)")
	file := fs.String("robots", "", "read the rules from `FILE`")
	origin := fs.String("origin", "", "fetch the rules from `URL`'s /robots.txt")
	timeout := fs.Duration("timeout", 10*time.Second, "with -origin: give up fetching robots.txt after `D`, which refuses everything")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitAllowed
		}
		return exitError
	}
	usageError := func(msg string) int {
		fmt.Fprintln(stderr, "check:", msg)
		fs.Usage()
		return exitError
	}
	switch {
	case strings.TrimSpace(*agent) == "":
		return usageError("-agent is required")
	case strings.ContainsFunc(*agent, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }):
		return usageError("-agent holds a control character, which no User-Agent header may")
	case (*file == "") == (*origin == ""):
		return usageError("give one of -robots and -origin")
	case *origin != "" && *timeout <= 0:
		return usageError("-timeout must be positive")
	}

	var rules ruler
	if *file != "" {
		data, err := readRobots(*file)
		if err != nil {
			fmt.Fprintln(stderr, "check:", err)
			return exitError
		}
		for _, w := range robots.Lint(data) {
			fmt.Fprintf(stderr, "check: %s:%d: %s\n", *file, w.Line, w.Msg)
		}
		rules = fileRules{robots.Parse(data)}
	} else {
		o, err := fetchRules(*origin, *agent, *timeout, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "check:", err)
			return exitError
		}
		rules = o
	}

	status := exitAllowed
	check := func(u string) {
		d, err := rules.explain(*agent, u)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "check: %s: %v\n", u, err)
			status = exitError
		case !d.Allowed:
			status = max(status, exitDisallowed)
		}
		if err == nil {
			fmt.Fprintf(stdout, "%s\t%s\n", u, d)
		}
	}
	if fs.NArg() > 0 {
		for _, u := range fs.Args() {
			check(u)
		}
		return status
	}
	lines := bufio.NewScanner(stdin)
	lines.Buffer(nil, 1<<20)
	asked := 0
	for lines.Scan() {
		if u := strings.TrimSpace(lines.Text()); u != "" {
			check(u)
			asked++
		}
	}
	if err := lines.Err(); err != nil {
		fmt.Fprintln(stderr, "check: reading standard input:", err)
		return exitError
	}
	if asked == 0 {
		// Not 0: a script would read it as "every URL allowed".
		fmt.Fprintln(stderr, "check: no URL to check: none given as an argument or on standard input")
		return exitError
	}
	return status
}

// readRobots reads as much of a robots.txt file as Parse reads: its first
// DefaultMaxBytes, and one octet more, so that Parse can tell whether the
// last line it gets ends within the limit or runs past it.
func readRobots(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, robots.DefaultMaxBytes+1))
}

// A ruler decides queries.
type ruler interface {
	explain(agent, rawURL string) (robots.Decision, error)
}

// fileRules are the rules of a local file: they answer for URLs of any host.
type fileRules struct{ r *robots.Robots }

func (f fileRules) explain(agent, rawURL string) (robots.Decision, error) {
	return f.r.Explain(agent, rawURL), nil
}

// originRules are the rules fetched from one origin: they answer for paths
// and for URLs of that origin.
type originRules struct {
	origin  string // as robots.Origin writes it
	outcome *robots.Outcome
}

// fetchRules fetches the robots.txt of originURL's origin as agent and
// writes what came back to log.
func fetchRules(originURL, agent string, timeout time.Duration, log io.Writer) (*originRules, error) {
	origin, err := robots.Origin(originURL)
	if err != nil {
		return nil, fmt.Errorf("-origin: %w (robots.txt is fetched only over http and https)", err)
	}
	robotsURL := origin + "/robots.txt"
	f := robots.Fetcher{UserAgent: agent, Timeout: timeout}
	o := f.Fetch(context.Background(), robotsURL)
	fmt.Fprintf(log, "check: %s: %s (%s)", robotsURL, o.Status, httpStatus(o))
	if o.Truncated {
		fmt.Fprintf(log, ", cut at %d octets: the lines past it are ignored (RFC 9309 §2.5)", robots.DefaultMaxBytes)
	}
	if o.Error != "" {
		fmt.Fprintf(log, ": %s", o.Error)
	}
	fmt.Fprintln(log)
	return &originRules{origin: origin, outcome: o}, nil
}

// httpStatus says what came back: "HTTP 200", or "no response" when the
// retrieval got none (Outcome.HTTPStatus 0).
func httpStatus(o *robots.Outcome) string {
	if o.HTTPStatus == 0 {
		return "no response"
	}
	return fmt.Sprintf("HTTP %d", o.HTTPStatus)
}

func (o *originRules) explain(agent, rawURL string) (robots.Decision, error) {
	d := o.outcome.Explain(agent, rawURL)
	if d.Reason == robots.ReasonInvalidURL || strings.HasPrefix(rawURL, "/") {
		return d, nil // the library's answer: a path on the origin, or no URL at all
	}
	// An absolute URL, to the library: its origin is its scheme and
	// authority, whatever url.Parse makes of the rest ("/%zz").
	origin, err := robots.Origin(rawURL)
	switch {
	case err != nil:
		return robots.Decision{}, fmt.Errorf("not on the origin of %s: %w", o.origin, err)
	case origin != o.origin:
		return robots.Decision{}, fmt.Errorf("not on the origin of %s", o.origin)
	}
	return d, nil
}
