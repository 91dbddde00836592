package render

import (
	"fmt"
	"image/color"

	"casefile/engine"
)

// The palette: dark ink on warm paper, readable at Discord's preview size,
// with player colours distinct for the common forms of colour blindness
// (Okabe–Ito).
var (
	Background = color.RGBA{0xf4, 0xef, 0xe4, 0xff}
	Paper      = color.RGBA{0xff, 0xfc, 0xf5, 0xff}
	Ink        = color.RGBA{0x1f, 0x1d, 0x1a, 0xff}
	Faint      = color.RGBA{0x7a, 0x74, 0x6a, 0xff}
	Grid       = color.RGBA{0xc9, 0xc0, 0xb0, 0xff}
	Alert      = color.RGBA{0xc0, 0x2a, 0x1e, 0xff}
	Good       = color.RGBA{0x2e, 0x7d, 0x32, 0xff}
	Water      = color.RGBA{0x9c, 0xc7, 0xe4, 0xff}
	Shade      = color.RGBA{0x00, 0x00, 0x00, 0x40}
)

// PlayerColors are the seat colours, in seat order.
var PlayerColors = []color.RGBA{
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0x00, 0x9e, 0x73, 0xff}, // bluish green
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0xf0, 0xe4, 0x42, 0xff}, // yellow
	{0x00, 0x72, 0xb2, 0xff}, // blue
}

// PlayerColorNames name PlayerColors for text and legends.
var PlayerColorNames = []string{"Orange", "Sky", "Green", "Purple", "Yellow", "Blue"}

// PlayerColor is seat's colour; seats beyond the palette wrap around.
func PlayerColor(seat int) color.RGBA {
	if seat < 0 {
		return color.RGBA{0x55, 0x55, 0x55, 0xff}
	}
	return PlayerColors[seat%len(PlayerColors)]
}

// SeatName names a seat as the pictures do: its colour and number
// ("Sky (2)").
func SeatName(seat int) string {
	return fmt.Sprintf("%s (%d)", PlayerColorNames[seat%len(PlayerColorNames)], seat+1)
}

// ExpandSeats replaces the engine's seat references in s by SeatName.
func ExpandSeats(s string) string {
	return engine.ExpandSeatRefs(s, func(seat engine.Seat) string { return SeatName(int(seat)) })
}
