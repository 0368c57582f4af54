module github.com/sdxc/robots/benchmarks

go 1.26.0

replace github.com/sdxc/robots => ../

require (
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/sdxc/robots v0.0.0-00010101000000-000000000000
	github.com/temoto/robotstxt v1.1.2
	golang.org/x/net v0.62.0
)

require github.com/dunglas/httpsfv v1.1.2 // indirect
