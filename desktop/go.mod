module hearth/desktop

go 1.26.0

require hearth/shared v0.0.0

replace hearth/shared => ../shared
