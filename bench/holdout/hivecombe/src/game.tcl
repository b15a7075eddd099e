# game.tcl -- the rules of Hivecombe: one beekeeping season on a small apiary.
#
# A game's state is a flat dict with dotted keys ("hive.A.frames", "shed.syrup"), as the
# logbook keeps it. Every command takes a state and returns {state success message}.

namespace eval hc {
    variable days      {Mon Tue Wed Thu Fri Sat Sun}
    variable weather   {mixed sunny rain sunny sunny mixed sunny rain sunny mixed sunny rain}
    variable flow      {sunny 3 mixed 2 rain 0}
    variable colours   {red amber blue green white violet yellow black orange pink}
    variable prices    {super 12 syrup 1 glass 1 nuc 25 jar 6}

    variable SEASON_WEEKS 12
    variable STORES_MAX   12
    variable SUPER_KG     10
    variable SUPERS_MAX   3
    variable HIVES_MAX    4
    variable FRAMES_MAX   10
    variable MARKET_FULL  12
    variable JAR_LATE     4
    variable GOAL_COINS   200
    variable GOAL_JARS    12

    variable S
}

# --- the state ---------------------------------------------------------------

proc hc::g {key {default 0}} {
    variable S
    if {[dict exists $S $key]} { return [dict get $S $key] }
    return $default
}

proc hc::s {key value} {
    variable S
    dict set S $key $value
}

proc hc::bump {key n} {
    s $key [expr {[g $key] + $n}]
}

proc hc::fresh {} {
    variable S
    variable prices
    set S [dict create week 1 day Mon coins 40 weather mixed forecast {} hives {}]
    foreach {k v} {shed.supers 1 shed.syrup 0 shed.glass 0 store.honey 0 store.jars 0
                   market.day "" market.sold 0} {
        s $k $v
    }
    s prices $prices
    s season.over false
    s won false
    placeHive A 5 6
    setWeather
    return $S
}

proc hc::placeHive {name frames stores} {
    variable S
    dict lappend S hives $name
    s hive.$name.frames $frames
    s hive.$name.stores $stores
    s hive.$name.honey 0
    s hive.$name.supers 0
    s hive.$name.swarm 0
}

proc hc::setWeather {} {
    variable weather
    set w [g week]
    s weather [lindex $weather [expr {$w - 1}]]
    set ahead {}
    foreach n [list [expr {$w + 1}] [expr {$w + 2}]] {
        if {$n <= [llength $weather]} { lappend ahead "Wk $n" [lindex $weather [expr {$n - 1}]] }
    }
    s forecast $ahead
}

proc hc::stamp {} {
    return "Wk [g week], [g day]"
}

# --- command plumbing ---------------------------------------------------------

proc hc::ok {text}     { return [list 1 "[stamp]: $text"] }
proc hc::refuse {text} { return [list 0 "[stamp]: $text"] }

proc hc::parseOptions {words} {
    set opts [dict create]
    set loose {}
    for {set i 0} {$i < [llength $words]} {incr i} {
        set w [lindex $words $i]
        if {[string match -* $w] && ![string is integer -strict $w]} {
            if {$i + 1 >= [llength $words]} { usage "option $w needs a value" }
            dict set opts [string tolower $w] [lindex $words [incr i]]
        } else {
            lappend loose $w
        }
    }
    return [list $opts $loose]
}

# A mistake of the keeper's, told back in the logbook rather than raised as a fault.
proc hc::usage {text} {
    return -code error -errorcode {HIVECOMBE USAGE} $text
}

proc hc::opt {opts flag {default ""}} {
    if {[dict exists $opts $flag]} { return [dict get $opts $flag] }
    return $default
}

# A whole-number option within lo..hi; raises a keeper-facing error otherwise.
proc hc::intopt {opts flag default lo hi} {
    set v [opt $opts $flag $default]
    if {![regexp {^[0-9]{1,6}$} $v] || [scan $v %d] < $lo || [scan $v %d] > $hi} {
        usage "$flag wants a whole number from $lo to $hi, not \"$v\""
    }
    return [scan $v %d]
}

proc hc::normalName {name} {
    if {[string length $name] == 1} { return [string toupper $name] }
    return [string tolower $name]
}

proc hc::validName {name} {
    variable colours
    return [expr {[regexp {^[A-Z]$} $name] || $name in $colours}]
}

proc hc::hiveopt {opts} {
    set raw [opt $opts -hive]
    if {$raw eq ""} { usage "say which hive with -hive NAME" }
    set name [normalName $raw]
    if {$name ni [g hives]} { usage "there is no hive called \"$raw\" on the stands" }
    return $name
}

proc hc::run {state line} {
    variable S
    set S $state
    set words [regexp -all -inline {\S+} $line]
    set verb [string tolower [lindex $words 0]]
    set handlers {look look inspect inspect check check add add feed feed harvest harvest
                  jar jar sell sell buy buy paint paint wait wait help help}
    if {$verb eq ""} {
        set result [refuse "The logbook needs a command. Try help."]
    } elseif {![dict exists $handlers $verb]} {
        set result [refuse "No such job as \"$verb\". Try help."]
    } elseif {[g season.over] && $verb ni {look inspect help}} {
        set result [refuse "The season is over; the hives are wrapped for winter."]
    } else {
        if {[catch {parseOptions [lrange $words 1 end]} parsed]} {
            set result [refuse "$parsed."]
        } else {
            lassign $parsed opts loose
            if {[catch {cmd_[dict get $handlers $verb] $opts $loose} result opts_err]} {
                if {[dict get $opts_err -errorcode] ne {HIVECOMBE USAGE}} {
                    return -options $opts_err $result
                }
                set result [refuse "[string toupper $result 0 0]."]
            }
        }
    }
    return [list $S {*}$result]
}

# --- looking ------------------------------------------------------------------

proc hc::hiveLine {h} {
    set sup [g hive.$h.supers]
    return "hive $h: [g hive.$h.frames] frames of brood, [g hive.$h.stores] kg stores,\
            $sup super[expr {$sup == 1 ? "" : "s"}] holding [g hive.$h.honey] kg"
}

proc hc::cmd_look {opts loose} {
    set lines [list "Weather this week: [g weather]. Coins: [g coins]."]
    foreach h [g hives] { lappend lines "  [hiveLine $h]" }
    lappend lines "  shed: [g shed.supers] supers, [g shed.syrup] l syrup, [g shed.glass] empty jars"
    lappend lines "  honey room: [g store.honey] kg in the tank, [g store.jars] full jars"
    return [ok [join $lines \n]]
}

proc hc::cmd_inspect {opts loose} {
    set h [hiveopt $opts]
    set cells [g hive.$h.swarm]
    set note [expr {$cells == 0 ? "no queen cells" : "queen cells, $cells week(s) old"}]
    return [ok "Opened [hiveLine $h]; $note."]
}

# --- working the hives --------------------------------------------------------

proc hc::cmd_check {opts loose} {
    set h [hiveopt $opts]
    set cells [g hive.$h.swarm]
    if {$cells == 0} { return [ok "Swarm check on hive $h: no queen cells found."] }
    s hive.$h.swarm 0
    return [ok "Swarm check on hive $h: cut out queen cells $cells week(s) old."]
}

proc hc::cmd_add {opts loose} {
    variable SUPERS_MAX
    set h [hiveopt $opts]
    if {[g shed.supers] < 1} { return [refuse "No spare super in the shed; buy -item super first."] }
    if {[g hive.$h.supers] > $SUPERS_MAX} {
        return [refuse "Hive $h already carries $SUPERS_MAX supers; it will stand no taller."]
    }
    bump shed.supers -1
    bump hive.$h.supers 1
    return [ok "Put a super on hive $h; it now carries [g hive.$h.supers]."]
}

proc hc::cmd_feed {opts loose} {
    variable STORES_MAX
    set h [hiveopt $opts]
    set litres [opt $opts -litres 1]
    set room [expr {$STORES_MAX - [g hive.$h.stores]}]
    if {$room <= 0} { return [refuse "Hive $h has $STORES_MAX kg of stores already; no room for syrup."] }
    set used [expr {min($litres, $room)}]
    if {$used < 1} { return [refuse "Pour at least 1 l of syrup."] }
    if {[g shed.syrup] < $used} { return [refuse "Only [g shed.syrup] l of syrup in the shed."] }
    bump shed.syrup -$used
    bump hive.$h.stores $used
    return [ok "Poured $litres l of syrup into the feeder on hive $h; stores now [g hive.$h.stores] kg."]
}

proc hc::cmd_harvest {opts loose} {
    set h [hiveopt $opts]
    set kg [g hive.$h.honey]
    if {$kg < 1} { return [refuse "The supers on hive $h are empty."] }
    s hive.$h.honey 0
    bump store.honey $kg
    return [ok "Took $kg kg of honey off hive $h; the tank holds [g store.honey] kg."]
}

proc hc::cmd_jar {opts loose} {
    set n [intopt $opts -count 1 1 200]
    if {[g store.honey] < $n} { return [refuse "Only [g store.honey] kg in the tank; each jar takes 1 kg."] }
    if {[g shed.glass] < $n} { return [refuse "Only [g shed.glass] empty jars in the shed."] }
    bump store.honey -$n
    bump store.jars $n
    return [ok "Filled $n jar[expr {$n == 1 ? "" : "s"}]; [g store.jars] full, [g store.honey] kg left in the tank."]
}

# --- money ----------------------------------------------------------------------

proc hc::cmd_sell {opts loose} {
    variable MARKET_FULL
    variable JAR_LATE
    set n [intopt $opts -count 1 1 200]
    if {[g day] ne "Sat"} { return [refuse "The market is only held on Saturdays."] }
    if {[g store.jars] < $n} { return [refuse "Only [g store.jars] full jars to take to market."] }
    set today [g day]
    if {[g market.day] ne $today} {
        s market.day $today
        s market.sold 0
    }
    set full [dict get [g prices] jar]
    set take 0
    for {set i 0} {$i < $n} {incr i} {
        incr take [expr {[g market.sold] < $MARKET_FULL ? $full : $JAR_LATE}]
        bump market.sold 1
    }
    bump store.jars -$n
    bump coins $take
    return [ok "Sold $n jar[expr {$n == 1 ? "" : "s"}] at the market for $take coins; purse [g coins]."]
}

proc hc::cmd_buy {opts loose} {
    variable HIVES_MAX
    set item [string tolower [opt $opts -item]]
    set prices [g prices]
    if {$item eq "" || $item eq "jar" || ![dict exists $prices $item]} {
        usage "buy -item super, syrup, glass or nuc"
    }
    set n [intopt $opts -count 1 1 50]
    set cost [expr {$n * [dict get $prices $item]}]
    if {$item eq "nuc"} {
        if {$n != 1} { usage "nucs come one at a time" }
        set name [normalName [opt $opts -name]]
        if {$name eq ""} { usage "name the new colony with -name (a colour or a letter)" }
        if {![validName $name]} { usage "\"$name\" is not a colour or a letter" }
        if {$name in [g hives]} { usage "there is already a hive called $name" }
        if {[llength [g hives]] >= $HIVES_MAX} { usage "the apiary has room for $HIVES_MAX hives" }
    }
    if {[g coins] < $cost} { return [refuse "That costs $cost coins; the purse holds [g coins]."] }
    bump coins -$cost
    switch -- $item {
        super { bump shed.supers $n; set what "$n super[expr {$n == 1 ? "" : "s"}]" }
        syrup { bump shed.syrup $n;  set what "$n l of syrup" }
        glass { bump shed.glass $n;  set what "$n empty jar[expr {$n == 1 ? "" : "s"}]" }
        nuc   { placeHive $name 3 4; set what "a nucleus colony, set on a stand as hive $name" }
    }
    return [ok "Bought $what for $cost coins; purse [g coins]."]
}

proc hc::cmd_paint {opts loose} {
    variable S
    set h [hiveopt $opts]
    set name [normalName [opt $opts -name]]
    if {$name eq ""} { usage "paint -hive NAME -name NEWNAME" }
    if {![validName $name]} { usage "\"$name\" is not a colour or a letter" }
    if {$name in [g hives]} { usage "there is already a hive called $name" }
    foreach f {frames stores honey supers} {
        s hive.$name.$f [g hive.$h.$f]
        dict unset S hive.$h.$f
    }
    s hives [lreplace [g hives] [lsearch [g hives] $h] [lsearch [g hives] $h] $name]
    return [ok "Painted hive $h's roof; it is hive $name from now on."]
}

# --- time -------------------------------------------------------------------------

proc hc::cmd_wait {opts loose} {
    set n [intopt $opts -days 1 1 7]
    set lines {}
    for {set i 0} {$i < $n && ![g season.over]} {incr i} {
        lappend lines {*}[nextDay]
    }
    if {![g season.over]} { lappend lines "[stamp]: [g weather] week; the bees are out." }
    return [list 1 [join $lines \n]]
}

proc hc::nextDay {} {
    variable days
    variable SEASON_WEEKS
    set i [lsearch $days [g day]]
    if {$i < 6} {
        s day [lindex $days [expr {$i + 1}]]
        return {}
    }
    set lines [weekEnd]
    if {[g week] >= $SEASON_WEEKS} {
        lappend lines {*}[seasonEnd]
        return $lines
    }
    bump week 1
    s day Mon
    setWeather
    return $lines
}

proc hc::weekEnd {} {
    variable flow
    variable STORES_MAX
    variable SUPER_KG
    variable FRAMES_MAX
    set lines {}
    set w [g weather]
    foreach h [g hives] {
        set frames [g hive.$h.frames]
        set stores [g hive.$h.stores]
        set eat [expr {($frames + 1) / 2}]
        if {$stores >= $eat} {
            incr stores -$eat
        } else {
            set stores 0
            set frames [expr {max(1, $frames - 1)}]
            lappend lines "[stamp]: hive $h went hungry and lost a frame of brood."
        }
        set nectar [expr {$frames * [dict get $flow $w] / 2}]
        set space [expr {[g hive.$h.supers] * $SUPER_KG - [g hive.$h.honey]}]
        set up [expr {min($nectar, $space)}]
        bump hive.$h.honey $up
        set stores [expr {min($STORES_MAX, $stores + $nectar - $up)}]
        if {$stores >= 3 && $frames < $FRAMES_MAX} { incr frames }
        s hive.$h.stores $stores
        s hive.$h.frames $frames
        if {$frames >= 8 && ($space - $up) < 5} {
            bump hive.$h.swarm 1
            if {[g hive.$h.swarm] >= 3} {
                set gone [expr {$frames / 2}]
                s hive.$h.frames [expr {$frames - $gone}]
                s hive.$h.swarm 0
                lappend lines "[stamp]: hive $h swarmed! Half the colony went over the hedge."
                continue
            }
        }
        lappend lines "[stamp]: hive $h brought in $nectar kg of nectar ($up kg to the supers)."
    }
    return $lines
}

proc hc::seasonEnd {} {
    variable GOAL_COINS
    variable GOAL_JARS
    s season.over true
    set won [expr {[g coins] >= $GOAL_COINS && [g store.jars] >= $GOAL_JARS}]
    s won [expr {$won ? "true" : "false"}]
    set tally "[g coins] coins and [g store.jars] jars put by"
    if {$won} {
        return [list "[stamp]: Season's end. $tally. A fine year at Hivecombe: the keeper wins."]
    }
    return [list "[stamp]: Season's end. $tally. Short of $GOAL_COINS coins and $GOAL_JARS jars; the year is lost."]
}

# --- the manual -------------------------------------------------------------------

namespace eval hc {
    variable synopsis {
        look       {look}
        inspect    {inspect -hive NAME}
        check      {check -hive NAME}
        add        {add -hive NAME}
        feed       {feed -hive NAME [-litres N]}
        harvest    {harvest -hive NAME}
        jar        {jar [-count N]}
        sell       {sell [-count N]}
        buy        {buy -item super|syrup|glass|nuc [-count N] [-name NAME]}
        paint      {paint -hive NAME -name NEWNAME}
        wait       {wait [-days N]}
        help       {help [COMMAND]}
    }
    variable about {
        look       {Walk the stands: weather, purse, every hive, the shed and the honey room.}
        inspect    {Open one hive and read its frames, stores, supers and queen cells.}
        check      {Swarm check: cut out any queen cells, which resets the hive's swarm count.}
        add        {Put a super from the shed on a hive. A hive carries at most 3 supers.}
        feed       {Pour syrup from the shed into a hive's feeder, 1 l giving 1 kg of stores.
                    Stores hold at most 12 kg; syrup that will not fit stays in the shed.}
        harvest    {Take all the honey in a hive's supers into the honey room's tank.}
        jar        {Fill empty jars from the tank: each jar takes 1 kg of honey and 1 empty jar.}
        sell       {Sell full jars at the Saturday market. The first 12 jars sold on a market
                    day fetch 6 coins each, every further jar that day 4 coins.}
        buy        {Buy from the supplier: super 12 coins, syrup 1 coin a litre, empty jar
                    (glass) 1 coin, nuc 25 coins. A nuc is a small colony (3 frames, 4 kg
                    stores) set on a new stand under the -name you give it. At most 4 hives.}
        paint      {Repaint a hive's roof, renaming it. The colony and its boxes are unchanged.}
        wait       {Let 1 to 7 days pass. Sunday night the bees' week is totted up.}
        help       {Show this manual, or the page of one COMMAND.}
    }
}

proc hc::cmd_help {opts loose} {
    variable synopsis
    variable about
    set topic [string tolower [lindex $loose 0]]
    if {$topic ne ""} {
        if {![dict exists $synopsis $topic]} { usage "no manual entry for $topic" }
        set page [list "HIVECOMBE-[string toupper $topic](6)" "" "NAME" \
            "       $topic - [string tolower [lindex [split [dict get $about $topic] .] 0] 0 0]" "" \
            "SYNOPSIS" "       [dict get $synopsis $topic]" "" "DESCRIPTION"]
        foreach l [split [string trim [dict get $about $topic]] \n] {
            lappend page "       [string trim $l]"
        }
        return [ok "took down the keeper's manual.\n[join $page \n]"]
    }
    set page {
HIVECOMBE(6)                    Keeper's Manual                    HIVECOMBE(6)

NAME
       hivecombe - keep bees through one season on a small apiary

SYNOPSIS
}
    foreach {cmd syn} $synopsis { append page "       $syn\n" }
    append page {
DESCRIPTION
       The season runs from Wk 1, Mon to Wk 12, Sun. You start with 40 coins,
       hive A (5 frames of brood, 6 kg of stores) and one spare super in the
       shed. Hives are named by the keeper: a colour (red, amber, blue, green,
       white, violet, yellow, black, orange, pink) or a single letter.

       Every Sunday night each hive eats (frames + 1) / 2 kg of its stores; a
       hive that cannot eat loses a frame (never below 1). It then brings in
       frames x flow / 2 kg of nectar (rounded down), flow being 3 in a sunny
       week, 2 in a mixed week and 0 in rain. Nectar fills the supers first,
       10 kg a super; the rest goes to stores, which hold at most 12 kg.
       A hive left with 3 kg of stores or more grows a frame, up to 10.

       A hive of 8 frames or more with under 5 kg of room left in its supers
       raises queen cells: its swarm count rises by one. At a count of 3 it
       swarms and loses half its frames (rounded down). A swarm check (check)
       cuts the cells out.

       Honey is jarred at 1 kg a jar and sold on Saturdays (see sell).

       The keeper wins when the season ends with at least 200 coins in the
       purse and at least 12 full jars put by for winter.

OPTIONS
       -hive NAME     the hive to work, by the name painted on its roof
       -litres N      syrup to pour, a whole number of litres (default 1)
       -count N       how many jars, supers, litres of syrup (default 1)
       -item ITEM     what to buy: super, syrup, glass or nuc
       -name NAME     a colour or a letter, for a new nuc or a repaint
       -days N        days to let pass, 1 to 7 (default 1)

SEE ALSO
       help COMMAND for one command's page.}
    return [ok "took down the keeper's manual.\n[string trim $page \n]"]
}
