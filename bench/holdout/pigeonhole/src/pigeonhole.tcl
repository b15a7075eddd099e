# pigeonhole.tcl -- the rules of Pigeonhole: one sorting office, four rounds,
# three days of post.  docs/RULES.md is the design this file implements.
#
# A game is a plain dict.  pigeonhole::play takes the name of the caller's
# game variable and one command line, updates the game in place and returns
# {ok text}: ok is 1 when the command was carried out, 0 when refused.

namespace eval pigeonhole {
    # round -> name, streets, walking time in minutes
    variable ROUNDS {
        1 {name "Mill Lane" streets {"Mill Lane" "Tanner Street"} walk 40}
        2 {name "Harbour Row" streets {"Harbour Row" "Quay Steps"} walk 50}
        3 {name "Chapel Hill" streets {"Chapel Hill" "Vicarage Close"} walk 60}
        4 {name "Orchard Way" streets {"Orchard Way" "Beck Road"} walk 70}
    }
    # weight limit (grams) -> postage (pence)
    variable POSTAGE {100 65 250 95 500 140 1000 210 2000 300}
    # pay per item handed over (pence)
    variable PIECE {letter 10 {large letter} 15 parcel 25}
    variable FEE 50            ;# handling fee on a short-paid item
    variable FINE 25           ;# docked from pay for each late item
    variable HOLE_SIZE 6       ;# items per pigeonhole
    variable SATCHEL 4000      ;# grams
    variable OPENS 480         ;# 08:00
    variable CLOSES 1020       ;# 17:00
    variable SORT_TIME 2
    variable LOAD_TIME 5
    variable DOOR_TIME 4       ;# per item handed over on a round
    variable LAST_DAY 3
    variable DAYS {1 Monday 2 Tuesday 3 Wednesday}
    # the post, by the day it arrives: id kind grams class paid address
    variable MAIL {
        1 {
            {M1 letter 20 1st 65 "14 Mill Lane"}
            {M2 letter 100 2nd 65 "3 Quay Steps"}
            {M3 parcel 1200 1st 300 "8 Orchard Way"}
            {M4 {large letter} 240 2nd 65 "21 Chapel Hill"}
            {M5 letter 45 1st 65 "2 Tanner Street"}
            {M6 parcel 2000 2nd 210 "5 Beck Road"}
            {M7 {large letter} 300 1st 140 "9 Harbour Row"}
        }
        2 {
            {T1 parcel 1800 1st 300 "17 Beck Road"}
            {T2 parcel 1500 2nd 300 "4 Orchard Way"}
            {T3 parcel 900 1st 140 "11 Orchard Way"}
            {T4 letter 60 2nd 65 "1 Vicarage Close"}
            {T5 letter 30 1st 0 "7 Quay Steps"}
            {T6 {large letter} 500 1st 140 "6 Tanner Street"}
            {T7 letter 15 2nd 65 "30 Chapel Hill"}
            {T8 parcel 700 2nd 210 "12 Harbour Row"}
        }
        3 {
            {W1 letter 25 1st 65 "5 Mill Lane"}
            {W2 letter 80 1st 65 "19 Mill Lane"}
            {W3 {large letter} 250 2nd 95 "2 Vicarage Close"}
            {W4 parcel 1100 1st 300 "3 Beck Road"}
            {W5 letter 40 2nd 65 "14 Quay Steps"}
            {W6 parcel 600 1st 140 "22 Harbour Row"}
            {W7 letter 35 2nd 65 "8 Chapel Hill"}
            {W8 letter 50 1st 65 "1 Orchard Way"}
        }
    }
}

# --- the game ------------------------------------------------------------

proc pigeonhole::new_game {} {
    variable OPENS
    return [dict create day 1 clock $OPENS till 0 pay 0 \
        sack [arrivals 1] holes {1 {} 2 {} 3 {} 4 {}} \
        satchel {round 0 items {}} delivered {} \
        tally {delivered 0 missent 0 late 0} won 0 over 0 turn 0]
}

proc pigeonhole::arrivals {day} {
    variable MAIL
    set items {}
    foreach row [dict get $MAIL $day] {
        lassign $row id kind grams class paid to
        set due [expr {$class eq "1st" ? $day : $day + 1}]
        lappend items [dict create id $id kind $kind grams $grams \
            class $class paid $paid to $to round [round_of $to] \
            due $due late 0]
    }
    return $items
}

proc pigeonhole::round_of {address} {
    variable ROUNDS
    regsub {^[0-9]+ +} $address {} street
    dict for {n round} $ROUNDS {
        if {$street in [dict get $round streets]} {
            return $n
        }
    }
    error "no round goes to $address"
}

proc pigeonhole::postage {grams} {
    variable POSTAGE
    foreach {limit price} $POSTAGE {
        if {$grams < $limit} {
            return $price
        }
    }
    return [lindex $POSTAGE end]
}

proc pigeonhole::hhmm {minutes} {
    format %02d:%02d [expr {$minutes / 60}] [expr {$minutes % 60}]
}

proc pigeonhole::weight {items} {
    set grams 0
    foreach it $items {
        incr grams [dict get $it grams]
    }
    return $grams
}

proc pigeonhole::find {items id} {
    set i 0
    foreach it $items {
        if {[dict get $it id] eq $id} {
            return $i
        }
        incr i
    }
    return -1
}

# Where an item is: {sack I}, {hole N I}, {satchel I}, or {} when it is not
# in the office.
proc pigeonhole::locate {g id} {
    set i [find [dict get $g sack] $id]
    if {$i >= 0} {
        return [list sack $i]
    }
    dict for {n items} [dict get $g holes] {
        set i [find $items $id]
        if {$i >= 0} {
            return [list hole $n $i]
        }
    }
    set i [find [dict get $g satchel items] $id]
    if {$i >= 0} {
        return [list satchel $i]
    }
    return {}
}

proc pigeonhole::hole_number {word} {
    if {[regexp {^[0-9]{1,3}$} $word] && [scan $word %d n] == 1
            && $n >= 1 && $n <= 4} {
        return $n
    }
    return ""
}

proc pigeonhole::mail_left {g} {
    set n [llength [dict get $g sack]]
    foreach items [dict values [dict get $g holes]] {
        incr n [llength $items]
    }
    incr n [llength [dict get $g satchel items]]
    return $n
}

proc pigeonhole::describe {it} {
    return "[dict get $it id] ([dict get $it kind], [dict get $it grams] g,\
        [dict get $it class] class, to [dict get $it to])"
}

proc pigeonhole::ids {items} {
    set out {}
    foreach it $items {
        lappend out [dict get $it id]
    }
    return [join $out ", "]
}

proc pigeonhole::count {gameVar key n} {
    upvar 1 $gameVar g
    dict set g tally $key [expr {[dict get $g tally $key] + $n}]
}

proc pigeonhole::ok {text} { list 1 $text }
proc pigeonhole::no {text} { list 0 $text }

proc pigeonhole::has_time {g minutes} {
    variable CLOSES
    expr {[dict get $g clock] + $minutes <= $CLOSES}
}

# --- commands ------------------------------------------------------------

proc pigeonhole::play {gameVar line} {
    upvar 1 $gameVar g
    dict incr g turn
    set words [regexp -all -inline {\S+} [string tolower $line]]
    set verb [lindex $words 0]
    set args [lrange $words 1 end]
    switch -- $verb {
        "" { return [no "Say something: type help for the commands."] }
        help - ? { return [ok [help_text]] }
        look - l - status { return [ok [look $g]] }
    }
    if {[dict get $g over]} {
        return [no "The week is over. Start a new game to sort again."]
    }
    switch -- $verb {
        weigh { return [cmd_weigh g {*}$args] }
        sort { return [cmd_sort g {*}$args] }
        pull { return [cmd_pull g {*}$args] }
        load { return [cmd_load g {*}$args] }
        deliver - walk { return [cmd_deliver g {*}$args] }
        close { return [cmd_close g {*}$args] }
    }
    return [no "I don't know how to \"$verb\". Type help for the commands."]
}

proc pigeonhole::help_text {} {
    variable ROUNDS
    set rounds {}
    dict for {n round} $ROUNDS {
        lappend rounds "  $n  [join [dict get $round streets] {, }]\
            ([dict get $round walk] min walk)"
    }
    return [join [list \
        "Pigeonhole - the Wickham Street sorting office. Commands:" \
        "  look                what is in the sack, the pigeonholes and your satchel" \
        "  weigh <item>        weigh an item and check its stamps" \
        "  sort <item> <hole>  put an item from the sack into pigeonhole 1-4 (2 min)" \
        "  pull <item>         take an item out of its pigeonhole, back into the sack (2 min)" \
        "  load <hole>         fill your satchel from a pigeonhole (5 min, 4000 g at most)" \
        "  deliver             walk the round of the post in your satchel" \
        "  close               lock up for the night; the next day's post arrives" \
        "  help                this list" \
        "Rounds (pigeonhole = round):" {*}$rounds \
        "Items are named by their id, e.g. M1. Get every item delivered by the\
            end of Wednesday."] \n]
}

proc pigeonhole::look {g} {
    variable DAYS
    variable ROUNDS
    variable SATCHEL
    set lines [list "[dict get $DAYS [dict get $g day]],\
        [hhmm [dict get $g clock]]. Till [dict get $g till]p, your pay\
        [dict get $g pay]p, [dict get $g tally delivered] delivered."]
    set sack [dict get $g sack]
    if {[llength $sack]} {
        lappend lines "Sack ([llength $sack]):"
        foreach it $sack {
            lappend lines "  [describe $it]"
        }
    } else {
        lappend lines "The sack is empty."
    }
    dict for {n items} [dict get $g holes] {
        set label "Pigeonhole $n ([dict get $ROUNDS $n name])"
        if {[llength $items]} {
            lappend lines "$label: [ids $items]"
        } else {
            lappend lines "$label: empty"
        }
    }
    set items [dict get $g satchel items]
    if {[llength $items]} {
        lappend lines "Satchel (round [dict get $g satchel round],\
            [weight $items] of $SATCHEL g): [ids $items]"
    } else {
        lappend lines "Your satchel is empty."
    }
    if {[dict get $g won]} {
        lappend lines "Every item is out. The week is yours."
    } elseif {[dict get $g over]} {
        lappend lines "The week is over."
    }
    return [join $lines \n]
}

proc pigeonhole::cmd_weigh {gameVar args} {
    upvar 1 $gameVar g
    variable FEE
    if {[llength $args] != 1} {
        return [no "Weigh which item? Try: weigh M1"]
    }
    set id [string toupper [lindex $args 0]]
    set where [locate $g $id]
    if {$where eq ""} {
        return [no "There is no $id in the office."]
    }
    switch -- [lindex $where 0] {
        sack { set it [lindex [dict get $g sack] [lindex $where 1]] }
        hole { set it [lindex [dict get $g holes [lindex $where 1]] [lindex $where 2]] }
        satchel { set it [lindex [dict get $g satchel items] [lindex $where 1]] }
    }
    set needed [postage [dict get $it grams]]
    set paid [dict get $it paid]
    set text "[describe $it]: postage ${needed}p, stamps ${paid}p."
    if {$paid < $needed} {
        set short [expr {$needed - $paid}]
        append text " ${short}p short: collect [expr {$short + $FEE}]p on the\
            doorstep (${short}p + ${FEE}p fee)."
    }
    return [ok $text]
}

proc pigeonhole::cmd_sort {gameVar args} {
    upvar 1 $gameVar g
    variable HOLE_SIZE
    variable SORT_TIME
    set args [lsearch -all -inline -not -regexp $args {^(to|into|in)$}]
    if {[llength $args] != 2} {
        return [no "Sort what, where? Try: sort M1 1"]
    }
    lassign $args id word
    set id [string toupper $id]
    set where [locate $g $id]
    switch -- [lindex $where 0] {
        "" { return [no "There is no $id in the sack."] }
        hole { return [no "$id is already in pigeonhole [lindex $where 1]; pull it out first."] }
        satchel { return [no "$id is in your satchel already."] }
    }
    set n [hole_number $word]
    if {$n eq ""} {
        return [no "There is no pigeonhole \"$word\": they are numbered 1 to 4."]
    }
    set hole [dict get $g holes $n]
    if {[llength $hole] >= $HOLE_SIZE} {
        return [no "Pigeonhole $n is full ($HOLE_SIZE items)."]
    }
    if {![has_time $g $SORT_TIME]} {
        return [no "It is [hhmm [dict get $g clock]]: too late to sort today. Close up."]
    }
    set i [lindex $where 1]
    set sack [dict get $g sack]
    set it [lindex $sack $i]
    dict set g sack [lreplace $sack $i $i]
    lappend hole $it
    dict set g holes $n $hole
    dict incr g clock $SORT_TIME
    return [ok "[describe $it] goes into pigeonhole $n."]
}

proc pigeonhole::cmd_pull {gameVar args} {
    upvar 1 $gameVar g
    variable SORT_TIME
    if {[llength $args] != 1} {
        return [no "Pull which item? Try: pull M1"]
    }
    set id [string toupper [lindex $args 0]]
    set where [locate $g $id]
    if {[lindex $where 0] ne "hole"} {
        return [no "$id is not in any pigeonhole."]
    }
    if {![has_time $g $SORT_TIME]} {
        return [no "It is [hhmm [dict get $g clock]]: too late for that today. Close up."]
    }
    lassign $where - n i
    set hole [dict get $g holes $n]
    set it [lindex $hole $i]
    dict set g holes $n [lreplace $hole $i $i]
    dict lappend g sack $it
    dict incr g clock $SORT_TIME
    return [ok "You pull $id out of pigeonhole $n and drop it back in the sack."]
}

proc pigeonhole::cmd_load {gameVar args} {
    upvar 1 $gameVar g
    variable SATCHEL
    variable LOAD_TIME
    if {[llength $args] != 1} {
        return [no "Load from which pigeonhole? Try: load 1"]
    }
    set n [lindex $args 0]
    set hole [dict get $g holes $n]
    set carried [dict get $g satchel items]
    if {[llength $carried] && [dict get $g satchel round] != $n} {
        return [no "Your satchel still holds round [dict get $g satchel round]\
            post. Deliver it first."]
    }
    if {![llength $hole]} {
        return [no "Pigeonhole $n is empty."]
    }
    if {![has_time $g $LOAD_TIME]} {
        return [no "It is [hhmm [dict get $g clock]]: too late to go out today. Close up."]
    }
    set grams [weight $carried]
    set taken {}
    while {[llength $hole]} {
        set it [lindex $hole 0]
        if {$grams + [dict get $it grams] > $SATCHEL} {
            break
        }
        incr grams [dict get $it grams]
        lappend taken $it
        set hole [lrange $hole 1 end]
    }
    if {![llength $taken]} {
        return [no "[dict get [lindex $hole 0] id] ([dict get [lindex $hole 0] grams] g)\
            won't fit: your satchel holds $grams of $SATCHEL g."]
    }
    dict set g holes $n $hole
    dict set g satchel [dict create round $n items [concat $carried $taken]]
    dict incr g clock $LOAD_TIME
    set text "You load [ids $taken] from pigeonhole $n ($grams of $SATCHEL g)."
    if {[llength $hole]} {
        append text " Too heavy to take as well: [ids $hole]."
    }
    return [ok $text]
}

proc pigeonhole::cmd_deliver {gameVar args} {
    upvar 1 $gameVar g
    variable ROUNDS
    variable DOOR_TIME
    variable FEE
    variable PIECE
    variable LAST_DAY
    set items [dict get $g satchel items]
    if {![llength $items]} {
        return [no "Your satchel is empty. Load a pigeonhole first."]
    }
    set r [dict get $g satchel round]
    set round [dict get $ROUNDS $r]
    set doors 0
    foreach it $items {
        if {[dict get $it round] == $r} {
            incr doors
        }
    }
    set minutes [expr {[dict get $round walk] + $DOOR_TIME * $doors}]
    if {![has_time $g $minutes]} {
        return [no "The [dict get $round name] round takes $minutes minutes from\
            [hhmm [dict get $g clock]]: you would not be back by closing time."]
    }
    set handed {}
    set back {}
    set shortfall 0
    set collected 0
    set owing {}
    foreach it $items {
        if {[dict get $it round] != $r} {
            lappend back $it
            continue
        }
        set kind [dict get $it kind]
        set short [expr {[postage [dict get $it grams]] - [dict get $it paid]}]
        if {$short > 0} {
            incr shortfall $short
            incr collected [expr {$short + $FEE}]
            lappend owing [dict get $it id]
        }
        lappend handed $it
    }
    dict set g satchel [dict create round 0 items {}]
    dict incr g clock $minutes
    set text "You walk the [dict get $round name] round and are back at\
        [hhmm [dict get $g clock]]."
    if {[llength $handed]} {
        dict incr g till $collected
        dict incr g pay [expr {[llength $handed] * [dict get $PIECE $kind]}]
        count g delivered [llength $handed]
        foreach it $handed {
            dict lappend g delivered [dict get $it id]
        }
        append text " Delivered: [ids $handed]."
        if {[llength $owing]} {
            append text " Collected ${shortfall}p postage due on [join $owing {, }]."
        }
    } else {
        append text " Nothing in your satchel was for this round."
    }
    if {[llength $back]} {
        count g missent [llength $back]
        append text " Not on this round, back to the sack: [ids $back]."
    }
    if {[dict get $g day] == $LAST_DAY && [mail_left $g] == 0} {
        dict set g won 1
        dict set g over 1
        append text " That was the last of the week's post. Well sorted!"
    }
    return [ok $text]
}

proc pigeonhole::mark_late {items day} {
    set out {}
    set count 0
    foreach it $items {
        if {![dict get $it late] && [dict get $it due] <= $day} {
            dict set it late 1
            incr count
        }
        lappend out $it
    }
    return [list $out $count]
}

proc pigeonhole::cmd_close {gameVar args} {
    upvar 1 $gameVar g
    variable FINE
    variable OPENS
    variable LAST_DAY
    variable DAYS
    set day [dict get $g day]
    lassign [mark_late [dict get $g sack] $day] sack late
    dict set g sack $sack
    foreach n [dict keys [dict get $g holes]] {
        lassign [mark_late [dict get $g holes $n] $day] items count
        incr late $count
    }
    lassign [mark_late [dict get $g satchel items] $day] items count
    dict set g satchel items $items
    incr late $count
    set text "You lock up for the night."
    if {$late} {
        dict incr g pay [expr {-$FINE * $late}]
        count g late $late
        append text " $late item(s) missed their day: [expr {$FINE * $late}]p\
            off your pay."
    }
    if {$day >= $LAST_DAY} {
        dict set g over 1
        append text " That was Wednesday: the week is over with\
            [mail_left $g] item(s) still in the office."
        return [ok $text]
    }
    incr day
    set post [arrivals $day]
    dict set g day $day
    dict set g clock $OPENS
    dict set g sack [concat [dict get $g sack] $post]
    append text " [dict get $DAYS $day], [hhmm $OPENS]: the van brings\
        [llength $post] new item(s)."
    return [ok $text]
}

# --- what the API shows ----------------------------------------------------

proc pigeonhole::item_json {it} {
    json::obj id [json::str [dict get $it id]] \
        kind [json::str [dict get $it kind]] \
        grams [dict get $it grams] \
        class [json::str [dict get $it class]] \
        paid [dict get $it paid] \
        to [json::str [dict get $it to]] \
        due [dict get $it due] \
        late [json::bool [dict get $it late]]
}

proc pigeonhole::items_json {items} {
    set out {}
    foreach it $items {
        lappend out [item_json $it]
    }
    return [json::arr $out]
}

proc pigeonhole::view {g} {
    variable DAYS
    set holes {}
    dict for {n items} [dict get $g holes] {
        lappend holes $n [items_json $items]
    }
    set satchel [dict get $g satchel items]
    set delivered {}
    foreach id [dict get $g delivered] {
        lappend delivered [json::str $id]
    }
    json::obj \
        day [dict get $g day] \
        weekday [json::str [dict get $DAYS [dict get $g day]]] \
        time [json::str [hhmm [dict get $g clock]]] \
        till [dict get $g till] \
        pay [dict get $g pay] \
        sack [items_json [dict get $g sack]] \
        holes [json::obj {*}$holes] \
        satchel [json::obj round [dict get $g satchel round] \
            grams [weight $satchel] items [items_json $satchel]] \
        delivered [json::arr $delivered] \
        tally [json::obj {*}[dict get $g tally]] \
        won [json::bool [dict get $g won]] \
        over [json::bool [dict get $g over]]
}
