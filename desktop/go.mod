module hearth/desktop

go 1.26
