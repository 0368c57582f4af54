package main

import (
	"strings"
	"testing"
)

const sample = `goos: linux
BenchmarkParse/lib=ours-2         	      30	  20000000 ns/op	 210.00 MB/s	 215.0 cpu-MB/s	  100 B/op	     10 allocs/op
BenchmarkParse/lib=ours-2         	      30	  20000000 ns/op	 190.00 MB/s	 215.0 cpu-MB/s	  100 B/op	     10 allocs/op
BenchmarkParse/lib=ours-2         	      30	  20000000 ns/op	 230.00 MB/s	 215.0 cpu-MB/s	  100 B/op	     10 allocs/op
BenchmarkParse/lib=temoto-2       	       3	 300000000 ns/op	  14.00 MB/s	  999 B/op	   1000 allocs/op
BenchmarkParse/lib=google-2       	      10	  60000000 ns/op	  70.00 MB/s	  500 B/op	    600 allocs/op
BenchmarkIsAllowed/api=url/lib=ours-2   	     400	       250.0 ns/query	         0 allocs/query	       0 B/query
BenchmarkIsAllowed/api=url/lib=google-2 	       1	    200000 ns/query	        60 allocs/query	   40000 B/query
BenchmarkIsAllowed/api=document/lib=ours-2   	     400	       200.0 ns/query	         0.0001 allocs/query	       0 B/query
BenchmarkIsAllowed/api=document/lib=ours-2   	     400	       200.0 ns/query	         0 allocs/query	       0 B/query
BenchmarkIsAllowed/api=document/lib=ours-2   	     400	       200.0 ns/query	         0 allocs/query	       0 B/query
BenchmarkIsAllowed/api=compiled/lib=ours-2   	     400	       250.4 ns/query	         0 allocs/query	       0 B/query
BenchmarkIsAllowed/api=document/lib=temoto-2 	       2	     44000 ns/query	         6.250 allocs/query	   37000 B/query
BenchmarkHostile/lib=ours/rules=100          	     100	  25000000 ns/op	        25.00 ms/100rules	 19.00 cpu-ms/100rules	       0 B/op	       0 allocs/op
BenchmarkHostile/lib=temoto/rules=1-2        	      20	  50000000 ns/op	      5000 ms/100rules	      24 B/op	       1 allocs/op
BenchmarkHostile/lib=temoto/rules=100-2      	       1	8000000000 ns/op	      8000 ms/100rules	      24 B/op	       1 allocs/op
BenchmarkHeldHeap/lib=ours-2                 	       1	         1.5 held/input	         6.0 worst-held/input
--- BENCH: BenchmarkHeldHeap/lib=ours-2
    bench_test.go:311: ours: 26560 bytes held
PASS
`

func TestParseAndReport(t *testing.T) {
	res, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, unit string
		want       float64
	}{
		{"BenchmarkParse/lib=ours", "MB/s", 210},
		{"BenchmarkParse/lib=temoto", "allocs/op", 1000},
		{"BenchmarkParse/lib=google", "MB/s", 70},
		{"BenchmarkIsAllowed/api=document/lib=temoto", "ns/query", 44000},
		{"BenchmarkHostile/lib=ours/rules=100", "ms/100rules", 25}, // no -N suffix: GOMAXPROCS=1
		{"BenchmarkHeldHeap/lib=ours", "worst-held/input", 6},
	}
	for _, tc := range tests {
		t.Run(tc.name+" "+tc.unit, func(t *testing.T) {
			if got, ok := res.median(tc.name, tc.unit); !ok || got != tc.want {
				t.Errorf("median(%q, %q) = %v, %v; want %v, true", tc.name, tc.unit, got, ok, tc.want)
			}
		})
	}

	var out strings.Builder
	missed := report(&out, res)
	// Missed: document allocs (one run of three allocates: judged on the
	// worst), compiled ns (250.4), hostile 25 ms. Met: parse, document
	// ns, compiled allocs, heap.
	if missed != 3 {
		t.Errorf("report missed %d targets, want 3; report:\n%s", missed, out.String())
	}
	squeezed := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{
		"parse throughput (MB/s) 210 14 70 15x better 3x better",
		"parse allocs per corpus 10 1000 600 100x better 60x better",
		"IsAllowed absolute URL (ns/query) 250 - 200000 800x better",
		"allocs/query 0 - 60 ours: none",
		"allocs/query 0 6.25 - ours: none",
		"IsAllowed document API 0 allocs/query 0.0001 MISSED (one allocation per 10000 queries)",
		"IsAllowed compiled <= 250 ns/query 250.40 - MISSED",
		"hostile < 20 ms for 100 rules 25 19 MISSED (met by CPU time: was the machine busy?)",
		"hostile, 100 rules (ms/query) 25 8000 - 320x better", // the run of all 100 rules, not the scaled one
		"parse >= 200 MB/s 210 215 met",
		"heap held <= 2x input (corpus) 1.500 met",
		"median of 3 run(s)",
	} {
		if !strings.Contains(squeezed, want) {
			t.Errorf("report lacks %q; report:\n%s", want, out.String())
		}
	}
	if strings.Contains(squeezed, "scaled from") {
		t.Errorf("report says temoto's hostile figure is scaled, with a run of all 100 rules in its input:\n%s", out.String())
	}

	// Without the run of all 100 rules, temoto's figure is the scaled one.
	delete(res, "BenchmarkHostile/lib=temoto/rules=100")
	out.Reset()
	report(&out, res)
	squeezed = strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{"hostile, 100 rules (ms/query) 25 5000 - 200x better", "scaled from rules=1"} {
		if !strings.Contains(squeezed, want) {
			t.Errorf("report without temoto's rules=100 lacks %q; report:\n%s", want, out.String())
		}
	}
}

func TestTrimProcs(t *testing.T) {
	tests := []struct{ in, want string }{
		{"BenchmarkParse/lib=ours-2", "BenchmarkParse/lib=ours"},
		{"BenchmarkHostile/lib=ours/rules=100", "BenchmarkHostile/lib=ours/rules=100"},
		{"BenchmarkX/name=a-b", "BenchmarkX/name=a-b"},
		{"BenchmarkX-", "BenchmarkX-"},
	}
	for _, tc := range tests {
		if got := trimProcs(tc.in); got != tc.want {
			t.Errorf("trimProcs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
