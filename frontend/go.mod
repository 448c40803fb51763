module hearth/frontend

go 1.26
