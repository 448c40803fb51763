module hearth/shared

go 1.26
