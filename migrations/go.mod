module hearth/migrations

go 1.26
