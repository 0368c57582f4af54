module github.com/sdxc/robots

go 1.26.0

require (
	github.com/dunglas/httpsfv v1.1.2
	golang.org/x/net v0.62.0
)
