package pdf_test

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"hearth/cloud/platform/pdf"
)

// A monthly MAR: title block, the drugs × days grid, the legend, the staff
// who initialled it and the signature lines. The caller translates every
// label and formats dates in the facility's zone.
func Example_mar() {
	d, err := pdf.New(pdf.Options{
		Paper:       pdf.Letter, // A4 outside the US
		Landscape:   true,
		Title:       "Medication Administration Record",
		HeaderLeft:  "Maple House · Lic. 751234",
		HeaderRight: "张伟 · March 2026",
		FooterLeft:  "Printed 2026-04-01 09:12 by Ana Núñez",
		PageLabel:   "Page {page} of {pages}",
		Language:    "en-US",
		Created:     time.Date(2026, 4, 1, 16, 12, 0, 0, time.UTC),
	})
	if err != nil {
		panic(err)
	}
	d.TitleBlock(pdf.TitleBlock{
		Title:    "Medication Administration Record",
		Facility: "Maple House Adult Family Home",
		Fields: []pdf.Field{
			{Label: "Licence", Value: "751234"},
			{Label: "Resident", Value: "张伟"},
			{Label: "Month", Value: "March 2026"},
			{Label: "Allergies", Value: "Penicilina"},
		},
	})
	days := make([]string, 31)
	for i := range days {
		days[i] = strconv.Itoa(i + 1)
	}
	given := make([]string, 31)
	for i := range given {
		given[i] = "AN\nJL" // 08:00 and 20:00, one line each
	}
	given[13] = "AN\nR" // refused on the 14th at 20:00
	d.Grid(pdf.Grid{
		Key: []pdf.Column{
			{Head: "Medication", Width: 62, BoldFirstLine: true},
			{Head: "Time", Align: pdf.Center},
		},
		Heads: days,
		Rows: []pdf.GridRow{
			{Key: []string{"Metformin 500 mg\n1 tablet · oral · with meals", "08:00\n20:00"}, Cells: given},
			{Key: []string{"阿司匹林 81 mg\n1 片 · 口服", "08:00"}, Cells: []string{"AN", "JL"}, Shade: []bool{false, false, true}},
		},
	})
	d.Legend("Codes", []pdf.LegendItem{
		{Code: "R", Meaning: "Refused"},
		{Code: "H", Meaning: "Held"},
		{Meaning: "Not ordered that day", Shade: true},
	})
	d.Table(pdf.Table{
		Title:   "Staff initials",
		Columns: []pdf.Column{{Head: "Initials", Width: 20, Align: pdf.Center}, {Head: "Name", Width: 60}, {Head: "Signature"}},
		Rows:    [][]string{{"AN", "Ana Núñez", ""}, {"JL", "José López", ""}},
	})
	d.Signatures([]pdf.Signature{{Label: "Reviewed by", Value: "María Sánchez, RN"}, {Label: "Date"}})
	if err := d.Write(io.Discard); err != nil { // an http.ResponseWriter in a route
		panic(err)
	}
	fmt.Println("pages:", d.Pages())
	// Output: pages: 1
}
