package escapeplan

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// privateW is the private board's width: its smallest text (small, 20 px)
// is above privateW/55.
const privateW = 1000

// Private draws a player's own board from that seat's view.
func Private(v engine.View) (image.Image, error) {
	c, h, err := private(v)
	if err != nil {
		return nil, err
	}
	return c.Picture(h, nil), nil
}

// private draws a player's own board on a canvas and returns the height
// it used.
func private(v engine.View) (*render.Canvas, int, error) {
	ev, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	if ev.Viewer < 0 || int(ev.Viewer) >= len(ev.State.Players) {
		return nil, 0, errors.New("escapeplan render: Private needs a seat's view")
	}
	c, h := drawn(privateW, 1150, func(c *render.Canvas) float64 { return drawPrivate(c, ev) })
	return c, h, nil
}

// drawPrivate draws the private board and returns the height used.
func drawPrivate(c *render.Canvas, ev *ep.View) float64 {
	s := ev.State
	seat := int(ev.Viewer)
	p := &s.Players[seat]
	c.Token(margin+26, 44, 26, actorColour(seat), actorLabel(seat))
	c.Text("Your board — "+actorName(seat), margin+66, 18, render.Bold, 40, render.Ink)
	status := "in the city · at the " + s.NodeName(p.At)
	if p.Status != "" {
		status = strings.ToUpper(p.Status)
	}
	c.Text(status, margin+66, 66, render.Regular, body, render.Faint)
	y := privateScreen(c, p, 110)
	y = privateTracks(c, p, y+20)
	y = privateContacts(c, p, y+20)
	y = privateAssets(c, p, y+20)
	y = privateTiles(c, s, p, seat, y+20)
	return y + margin
}

const privW = privateW - 2*margin

// privateScreen draws the money behind the screen and the Escape Plan.
func privateScreen(c *render.Canvas, p *ep.Player, y float64) float64 {
	c.Panel(margin, y, 280, 150, render.Paper, render.Ink)
	c.Text("Behind your screen", margin+14, y+10, render.Bold, small, render.Faint)
	c.Text(fmt.Sprintf("$%dk", p.Money), margin+14, y+44, render.Bold, 72, render.Good)
	plan := ep.PlanByTitle(p.Plan)
	x := margin + 296
	w := privateW - margin - x
	text := "Income symbol on: " + strings.Join(plan.Targets, ", ") + fmt.Sprintf(". Each own cube there scores $%dk, elsewhere $%dk.", ep.PlanTargetValue, ep.PlanOtherValue)
	c.Font(render.Regular, body)
	lines := len(c.WordWrap(text, w-28))
	h := max(150, 54+float64(lines)*body*1.25+10)
	c.Panel(x, y, w, h, render.Paper, render.Ink)
	c.Text("Escape Plan: "+p.Plan, x+14, y+10, render.Bold, head, render.Ink)
	c.TextWrapped(text, x+14, y+50, w-28, render.Regular, body, render.Ink)
	return y + h
}

// privateTracks draws Income, Notoriety, Wounds, Rest, First Aid and the
// player's supplies.
func privateTracks(c *render.Canvas, p *ep.Player, y float64) float64 {
	c.Text(fmt.Sprintf("Income $%d · %d cubes on the track", ep.IncomeValue(p.IncomeCubes), p.IncomeCubes), margin, y, render.Bold, head, render.Ink)
	y += 42
	line := fmt.Sprintf("Notoriety %d · this turn +%d / -%d", p.Notoriety, p.Red, p.Blue)
	c.Text(line, margin, y, render.Bold, head, render.Ink)
	x := margin + textW(c, line, render.Bold, head) + 20
	for i := 0; i < ep.NotorietyCubes; i++ {
		col := color.Color(render.Grid)
		if i < p.Red {
			col = render.Alert
		} else if i < p.Red+p.Blue {
			col = officerColours[1]
		}
		c.Cube(x+12+float64(i)*30, y+17, 22, col)
	}
	y += 42
	c.Text("Wounds", margin, y, render.Bold, head, render.Ink)
	x = margin + textW(c, "Wounds", render.Bold, head) + 20
	for i := 0; i < 3; i++ {
		col := color.Color(render.Good)
		if i < p.Wounds {
			col = render.Alert
		}
		c.Cube(x+12+float64(i)*30, y+17, 22, col)
	}
	c.Text(fmt.Sprintf("%d of 3", p.Wounds), x+100, y+3, render.Regular, body, render.Ink)
	y += 42
	rest := "Rest: Sun (available)"
	if !p.Sun {
		rest = "Rest: Moon (used)"
	}
	aid := "First Aid: ready"
	if !p.FirstAid {
		aid = "First Aid: used"
	}
	c.Text(rest+" · "+aid, margin, y, render.Regular, body, render.Ink)
	y += 34
	y += c.TextWrapped(fmt.Sprintf("Extra Action discs %d · Gas %d · Gang Members %d · Gang markers %d · Handcuffs %d", p.Discs, p.Gas, len(p.Gang), p.Markers, p.Handcuffs),
		margin, y, privW, render.Regular, body, render.Ink)
	c.Text("Notoriety squares: red +1, blue −1, grey unused this turn. Wounds: red wounded, green healthy.", margin, y+2, render.Regular, small, render.Faint)
	return y + 30
}

// privateContacts draws the Contact spaces.
func privateContacts(c *render.Canvas, p *ep.Player, y float64) float64 {
	c.Text("Contacts", margin, y, render.Bold, head, render.Ink)
	y += 40
	gap := 8.0
	w := (privW - gap*float64(len(p.Contacts)-1)) / float64(len(p.Contacts))
	h := 96.0
	for i, sp := range p.Contacts {
		x := margin + float64(i)*(w+gap)
		switch {
		case sp.Cuffed:
			c.Panel(x, y, w, h, render.Faint, render.Ink)
			c.TextCentered("CUFFED", x+w/2, y+h/2, render.Bold, body, white)
		case sp.Card >= 0:
			k := ep.ContactDeck[sp.Card]
			fill := color.Color(render.Paper)
			if sp.Used {
				fill = closedColour
			}
			c.Panel(x, y, w, h, fill, render.Ink)
			st := fmt.Sprintf("$%d", k.Cost)
			if k.Star {
				st += " · +1 Notoriety"
			}
			c.Text(st, x+8, y+6, render.Regular, small, render.Ink)
			c.Text(k.Name, x+8, y+34, render.Bold, small, render.Ink)
			if sp.Used {
				c.Text("used", x+8, y+62, render.Regular, small, render.Ink)
			}
		case p.ContactAsset(i) != "":
			// A locked Asset tile lies on the space until it is
			// unlocked (a Handcuffs card would discard it).
			c.Panel(x, y, w, h, lockedColour, render.Ink)
			c.Text("locked", x+8, y+6, render.Regular, small, render.Ink)
			c.Text(p.ContactAsset(i), x+8, y+34, render.Bold, small, render.Ink)
		default:
			c.Panel(x, y, w, h, render.Background, render.Grid)
			c.TextCentered("empty", x+w/2, y+h/2, render.Regular, small, render.Faint)
		}
	}
	return y + h
}

// lockedColour fills a Player Board space that a locked Asset tile covers.
var lockedColour = color.RGBA{0xd9, 0xd2, 0xe9, 0xff}

// privateAssets draws the Asset spaces and the tiles still locked.
func privateAssets(c *render.Canvas, p *ep.Player, y float64) float64 {
	c.Text("Assets", margin, y, render.Bold, head, render.Ink)
	y += 36
	y += c.TextWrapped("Unlocked: pay the space's price to use; used ones score $10k.", margin, y, privW, render.Regular, small, render.Faint) + 6
	gap := 8.0
	n := len(p.Assets)
	w := (privW - gap*float64(n-1)) / float64(max(n, 1))
	h := 96.0
	for i, a := range p.Assets {
		x := margin + float64(i)*(w+gap)
		fill := color.Color(render.Paper)
		if a.Asset == "" {
			fill = render.Background
		} else if a.Used {
			fill = closedColour
		}
		c.Panel(x, y, w, h, fill, render.Ink)
		c.Text(fmt.Sprintf("$%d", ep.AssetPrices[i]), x+8, y+6, render.Regular, small, render.Faint)
		c.Text(a.Asset, x+8, y+34, render.Bold, small, render.Ink)
		if a.Used {
			c.Text("used", x+8, y+62, render.Regular, small, render.Ink)
		}
	}
	y += h + 10
	y += c.TextWrapped("Locked (on your Contact and Item spaces until unlocked): "+orNone(p.Locked()), margin, y, privW, render.Regular, body, render.Ink)
	return y
}

// privateTiles draws the tiles on the Player Board, the Keys, and the
// tiles drawn from a stack and waiting for a choice.
func privateTiles(c *render.Canvas, s *ep.State, p *ep.Player, seat int, y float64) float64 {
	var locked []string
	for i := 0; i < ep.ItemSpaces; i++ {
		if a := p.ItemAsset(i); a != "" {
			locked = append(locked, a)
		}
	}
	c.Text(fmt.Sprintf("Tiles (%d/%d spaces free)", ep.ItemSpaces-len(p.Items)-len(locked), ep.ItemSpaces), margin, y, render.Bold, head, render.Ink)
	y += 40
	gap := 10.0
	w := (privW - gap) / 2
	for i, a := range locked {
		// Locked Asset tiles lie on the rightmost Item spaces.
		j := len(p.Items) + i
		x := margin + float64(j%2)*(w+gap)
		yy := y + float64(j/2)*76
		c.Panel(x, yy, w, 68, lockedColour, render.Ink)
		c.Text("locked Asset: "+a, x+10, yy+6, render.Bold, small, render.Ink)
	}
	for i, it := range p.Items {
		x := margin + float64(i%2)*(w+gap)
		yy := y + float64(i/2)*76
		fill := color.Color(render.Paper)
		if it.Used {
			fill = closedColour
		}
		c.Panel(x, yy, w, 68, fill, render.Ink)
		label := it.Kind + ": " + it.Name
		if it.Used {
			label += " (used)"
		}
		c.Text(label, x+10, yy+6, render.Bold, small, render.Ink)
		if it.Secret != nil {
			c.Text(fmt.Sprintf("%s · $%dk", it.Secret.Name, it.Secret.Value), x+10, yy+36, render.Regular, small, render.Good)
		}
	}
	y += float64((len(p.Items)+len(locked)+1)/2)*76 + 6
	var ks []string
	for _, k := range p.Keys {
		if k.Used {
			ks = append(ks, k.Colour+" (used)")
		} else {
			ks = append(ks, k.Colour)
		}
	}
	y += c.TextWrapped("Keys: "+orNone(ks), margin, y, privW, render.Regular, body, render.Ink)
	// Tiles drawn from a Locker or Exit stack, waiting for a choice.
	for _, tk := range s.Pending.Items {
		if int(tk.OwnerSeat()) != seat || len(tk.Data.Drawn) == 0 {
			continue
		}
		var ds []string
		for i, d := range tk.Data.Drawn {
			ds = append(ds, fmt.Sprintf("keep %d = %s $%dk", i+1, d.Name, d.Value))
		}
		y += 8
		y += c.TextWrapped("Choose: "+strings.Join(ds, " · "), margin, y, privW, render.Bold, body, render.Alert)
	}
	return y
}
