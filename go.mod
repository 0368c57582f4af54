module github.com/sdxc/robots

go 1.26
