module site.local/pause

go 1.24
