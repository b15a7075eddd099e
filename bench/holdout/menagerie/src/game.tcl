# game.tcl -- the rules of Menagerie, a zoo keeper's week.
#
# A game is a Tcl dict.  While a command runs, the current game lives in ::G;
# zoo::run copies it in, dispatches the command and hands back the new game.

namespace eval zoo {
    variable SPECIES {
        otter {diet fish  appetite 2 young_appetite 1 term 3 fee 60  young kit}
        lemur {diet fruit appetite 1 young_appetite 1 term 3 fee 40  young infant}
        zebra {diet hay   appetite 6 young_appetite 3 term 4 fee 120 young foal}
        lion  {diet meat  appetite 4 young_appetite 2 term 5 fee 200 young cub}
    }
    variable PRICES {fish 3 hay 1 meat 5 fruit 2}
    variable STORE_CAP 60
    variable BULK_KG 20
    variable DAY_HOURS 14
    variable DAYS 7
    variable TICKET 5
    variable VET_FEE 25
    variable GOAL_FUNDS 650
    variable GOAL_ANIMALS 12
    variable GROWN_AT 5
    variable HOURS {feed 1 clean 2 vet 1 move 1 send 1}

    variable COMMANDS {
        help      {params {} required {}}
        look      {params {enclosure} required {}}
        feed      {params {animal kg} required {animal kg}}
        buy       {params {food kg} required {food kg}}
        clean     {params {enclosure} required {enclosure}}
        open_gates {params {} required {}}
        vet       {params {animal} required {animal}}
        move      {params {animal to} required {animal to}}
        send      {params {animal} required {animal}}
        end_day   {params {} required {}}
    }
}

# --- a new game ---------------------------------------------------------------

proc zoo::animal {name species sex {stage adult}} {
    variable SPECIES
    set info [dict get $SPECIES $species]
    set appetite [dict get $info [expr {$stage eq "adult" ? "appetite" : "young_appetite"}]]
    return [dict create name $name species $species sex $sex stage $stage age_days 0 \
        diet [dict get $info diet] appetite $appetite fed_today 0 hunger 0 \
        health well gestation 0]
}

proc zoo::enclosure {habitat capacity on_show animals} {
    return [dict create habitat $habitat capacity $capacity cleanliness 100 \
        on_show $on_show visitors_today 0 animals $animals]
}

proc zoo::new_game {} {
    variable DAY_HOURS
    set enclosures [dict create]
    dict set enclosures pond [enclosure {otter} 3 1 [list \
        [animal pip otter female] [animal wren otter male]]]
    dict set enclosures paddock [enclosure {zebra} 3 1 [list \
        [animal stripe zebra female] [animal dot zebra male]]]
    dict set enclosures den [enclosure {lion} 2 1 [list \
        [animal ember lion male]]]
    dict set enclosures canopy [enclosure {lemur} 5 1 [list \
        [animal moss lemur female] [animal fig lemur male] [animal bean lemur female]]]
    dict set enclosures barn [enclosure {any} 2 0 {}]
    return [dict create day 1 hours_left $DAY_HOURS funds 150 gates_open 0 \
        visitors_today 0 visitors_total 0 births 0 transfers_out 0 young_born 0 \
        stores [dict create fish 20 hay 30 meat 12 fruit 10] \
        enclosures $enclosures won 0 lost 0]
}

# --- helpers ------------------------------------------------------------------

proc zoo::ok {msg} { return [dict create ok 1 msg $msg] }
proc zoo::fail {msg} { return [dict create ok 0 msg $msg] }

proc zoo::title {name} { string totitle $name }

proc zoo::article {word} {
    expr {[string match {[aeiou]*} $word] ? "an" : "a"}
}

proc zoo::find_animal {name} {
    dict for {e encl} [dict get $::G enclosures] {
        set i 0
        foreach a [dict get $encl animals] {
            if {[dict get $a name] eq $name} {
                return [list $e $i]
            }
            incr i
        }
    }
    return {}
}

proc zoo::get_animal {e i} {
    lindex [dict get $::G enclosures $e animals] $i
}

proc zoo::put_animal {e i a} {
    set animals [dict get $::G enclosures $e animals]
    lset animals $i $a
    dict set ::G enclosures $e animals $animals
}

proc zoo::animal_count_of {g} {
    set n 0
    dict for {e encl} [dict get $g enclosures] {
        incr n [llength [dict get $encl animals]]
    }
    return $n
}

proc zoo::animal_count {} {
    animal_count_of $::G
}

proc zoo::sick_animals {} {
    set sick {}
    dict for {e encl} [dict get $::G enclosures] {
        foreach a [dict get $encl animals] {
            if {[dict get $a health] eq "sick"} {
                lappend sick [dict get $a name]
            }
        }
    }
    return $sick
}

proc zoo::whole_kg {value} {
    if {![regexp {^[0-9]{1,9}$} $value]} {
        return -1
    }
    scan $value %d n
    return $n
}

proc zoo::spend_hours {action} {
    variable HOURS
    set need [dict get $HOURS $action]
    set left [dict get $::G hours_left]
    if {$left < $need} {
        return 0
    }
    dict set ::G hours_left [expr {$left - $need}]
    return 1
}

proc zoo::hours_word {n} {
    expr {$n == 1 ? "1 hour" : "$n hours"}
}

proc zoo::no_time {action} {
    variable HOURS
    fail "That takes [hours_word [dict get $HOURS $action]] and you have [hours_word [dict get $::G hours_left]] left today. Call end_day() to rest."
}

proc zoo::unknown_animal {name} {
    set names {}
    dict for {e encl} [dict get $::G enclosures] {
        foreach a [dict get $encl animals] {
            lappend names [dict get $a name]
        }
    }
    fail "There is no animal called '$name'. Your animals: [join $names {, }]."
}

# --- commands -----------------------------------------------------------------

proc zoo::cmd_help {args} {
    ok "Keeper's handbook (JSON):\n[help_document]"
}

proc zoo::help_document {} {
    set cmds [list \
        help [json::obj usage [json::str "help()"] effect [json::str "Show this handbook."] hours [json::num 0]] \
        look [json::obj usage [json::str "look() or look(enclosure=NAME)"] \
            effect [json::str "Report on the whole zoo, or on one enclosure and its animals."] hours [json::num 0]] \
        feed [json::obj usage [json::str "feed(animal=NAME, kg=N)"] \
            effect [json::str "Feed an animal N whole kilograms of its own diet from the stores. It eats up to what is left of its daily appetite; anything it leaves goes back to the store."] \
            hours [json::num 1]] \
        buy [json::obj usage [json::str "buy(food=fish|hay|meat|fruit, kg=N)"] \
            effect [json::str "Order N whole kilograms of a food; delivered at once. Orders of 20 kg or more get 10% off (rounded down to the coin)."] \
            hours [json::num 0]] \
        clean [json::obj usage [json::str "clean(enclosure=NAME)"] \
            effect [json::str "Scrub an enclosure back to 100 cleanliness."] hours [json::num 2]] \
        open_gates [json::obj usage [json::str "open_gates()"] \
            effect [json::str "Let the day's visitors in (once a day). Each pays the ticket price."] hours [json::num 0]] \
        vet [json::obj usage [json::str "vet(animal=NAME)"] \
            effect [json::str "Call the vet to a sick animal: it is well again and no longer hungry."] \
            fee [json::num $zoo::VET_FEE] hours [json::num 1]] \
        move [json::obj usage [json::str "move(animal=NAME, to=ENCLOSURE)"] \
            effect [json::str "Walk an animal to another enclosure that suits its species and has room."] \
            hours [json::num 1]] \
        send [json::obj usage [json::str "send(animal=NAME)"] \
            effect [json::str "Transfer a healthy adult to the partner zoo, which pays a transfer fee for it."] \
            hours [json::num 1]] \
        end_day [json::obj usage [json::str "end_day()"] \
            effect [json::str "Close the zoo for the night: animals get hungry, enclosures get dirty, babies may be born."] \
            hours [json::num 0]] \
    ]
    set prices {}
    dict for {food price} $zoo::PRICES {
        lappend prices $food [json::num $price]
    }
    set fees {}
    dict for {species info} $zoo::SPECIES {
        lappend fees $species [json::num [dict get $info fee]]
    }
    return [json::obj \
        game [json::str "Menagerie"] \
        syntax [json::str "Commands are function calls with named parameters, e.g. feed(animal=pip, kg=2). Names are not case sensitive."] \
        goal [json::str "At the close of any day, have at least $zoo::GOAL_FUNDS coins and at least $zoo::GOAL_ANIMALS animals, none of them sick. You have $zoo::DAYS days."] \
        day_hours [json::num $zoo::DAY_HOURS] \
        ticket_price [json::num $zoo::TICKET] \
        food_prices_per_kg [json::obj {*}$prices] \
        transfer_fees [json::obj {*}$fees] \
        commands [json::obj {*}$cmds] \
        rules [json::str "See docs/RULES.md for visitors, hunger, cleanliness and births."]]
}

proc zoo::describe_enclosure {e} {
    set encl [dict get $::G enclosures $e]
    set parts {}
    foreach a [dict get $encl animals] {
        set bits "[title [dict get $a name]] the [dict get $a species]"
        if {[dict get $a stage] ne "adult"} {
            append bits " (young)"
        }
        append bits ", fed [dict get $a fed_today]/[dict get $a appetite] kg [dict get $a diet]"
        if {[dict get $a health] eq "sick"} {
            append bits ", SICK"
        }
        lappend parts $bits
    }
    set head "[title $e]: cleanliness [dict get $encl cleanliness], [llength [dict get $encl animals]]/[dict get $encl capacity] animals"
    if {![llength $parts]} {
        return "$head, empty."
    }
    return "$head -- [join $parts {; }]."
}

proc zoo::cmd_look {params} {
    if {[dict exists $params enclosure]} {
        set e [dict get $params enclosure]
        if {![dict exists $::G enclosures $e]} {
            return [fail "There is no enclosure called '$e'. Enclosures: [join [dict keys [dict get $::G enclosures]] {, }]."]
        }
        return [ok [describe_enclosure $e]]
    }
    set lines [list "Day [dict get $::G day] of $zoo::DAYS, [hours_word [dict get $::G hours_left]] left. Funds: [dict get $::G funds] coins."]
    set stock {}
    dict for {food kg} [dict get $::G stores] {
        lappend stock "$food $kg kg"
    }
    lappend lines "Stores: [join $stock {, }]."
    dict for {e encl} [dict get $::G enclosures] {
        lappend lines [describe_enclosure $e]
    }
    lappend lines [expr {[dict get $::G gates_open] ? "The gates have been opened today." : "The gates are still closed today."}]
    ok [join $lines \n]
}

proc zoo::cmd_feed {params} {
    set name [dict get $params animal]
    set kg [whole_kg [dict get $params kg]]
    set where [find_animal $name]
    if {![llength $where]} {
        return [unknown_animal $name]
    }
    if {$kg < 1} {
        return [fail "kg must be a whole number of kilograms, 1 or more."]
    }
    lassign $where e i
    set a [get_animal $e $i]
    set food [dict get $a diet]
    set want [expr {[dict get $a appetite] - [dict get $a fed_today]}]
    if {$want <= 0} {
        return [fail "[title $name] has already had its [dict get $a appetite] kg of $food today."]
    }
    set eat [expr {min($kg, $want)}]
    set have [dict get $::G stores $food]
    if {$have < $eat} {
        return [fail "The store has only $have kg of $food. buy(food=$food, kg=...) first."]
    }
    if {![spend_hours feed]} {
        return [no_time feed]
    }
    dict set ::G stores $food [expr {$have - $kg}]
    dict set a fed_today [expr {[dict get $a fed_today] + $eat}]
    put_animal $e $i $a
    set msg "[title $name] eats $eat kg of $food."
    if {$eat < $kg} {
        append msg " It leaves [expr {$kg - $eat}] kg, which go back to the store."
    }
    if {[dict get $a fed_today] >= [dict get $a appetite]} {
        append msg " [title $name] has had its full ration today."
    }
    ok $msg
}

proc zoo::cmd_buy {params} {
    variable PRICES
    variable STORE_CAP
    variable BULK_KG
    set food [dict get $params food]
    set kg [whole_kg [dict get $params kg]]
    if {![dict exists $PRICES $food]} {
        return [fail "The supplier sells [join [dict keys $PRICES] {, }]; not '$food'."]
    }
    if {$kg < 1} {
        return [fail "kg must be a whole number of kilograms, 1 or more."]
    }
    set have [dict get $::G stores $food]
    if {$have + $kg > $STORE_CAP} {
        return [fail "The $food store holds $STORE_CAP kg and already has $have kg; there is room for [expr {$STORE_CAP - $have}] kg."]
    }
    set cost [expr {$kg * [dict get $PRICES $food]}]
    set note ""
    if {$kg >= $BULK_KG} {
        set discount [expr {$cost / 10}]
        set cost [expr {$cost - $discount}]
        set note " (bulk discount: $discount coins off)"
    }
    set funds [dict get $::G funds]
    if {$cost > $funds} {
        return [fail "$kg kg of $food costs $cost coins; you have $funds."]
    }
    dict set ::G funds [expr {$funds - $cost}]
    dict set ::G stores $food [expr {$have + $kg}]
    ok "Bought $kg kg of $food for $cost coins$note. The $food store now holds [expr {$have + $kg}] kg; funds: [dict get $::G funds] coins."
}

proc zoo::cmd_clean {params} {
    set e [dict get $params enclosure]
    if {![dict exists $::G enclosures $e]} {
        return [fail "There is no enclosure called '$e'. Enclosures: [join [dict keys [dict get $::G enclosures]] {, }]."]
    }
    if {[dict get $::G enclosures $e cleanliness] >= 100} {
        return [fail "The [title $e] is already spotless."]
    }
    if {![spend_hours clean]} {
        return [no_time clean]
    }
    dict set ::G enclosures $e cleanliness 100
    ok "You scrub the [title $e] until it shines. Cleanliness: 100."
}

proc zoo::draw_per_animal {cleanliness} {
    if {$cleanliness > 60} {
        return 4
    } elseif {$cleanliness >= 30} {
        return 2
    }
    return 0
}

proc zoo::cmd_open_gates {params} {
    variable TICKET
    if {[dict get $::G gates_open]} {
        return [fail "The gates have already been opened today. Come back tomorrow."]
    }
    set total 0
    set parts {}
    dict for {e encl} [dict get $::G enclosures] {
        set count 0
        if {[dict get $encl on_show]} {
            set per [draw_per_animal [dict get $encl cleanliness]]
            foreach a [dict get $encl animals] {
                if {[dict get $a health] eq "well"} {
                    incr count $per
                }
            }
        }
        dict set ::G enclosures $e visitors_today $count
        if {$count > 0} {
            set c [expr {max(0, [dict get $encl cleanliness] - 10)}]
            dict set ::G enclosures $e cleanliness $c
            lappend parts "[title $e] $count"
        }
        incr total $count
    }
    set takings [expr {$total * $TICKET}]
    dict set ::G gates_open 1
    dict set ::G visitors_today $total
    dict set ::G visitors_total [expr {[dict get $::G visitors_total] + $total}]
    dict set ::G funds [expr {[dict get $::G funds] + $takings}]
    if {$total == 0} {
        return [ok "You open the gates, but nobody comes in. Nothing here is worth the ticket."]
    }
    ok "You open the gates. $total visitors buy tickets at $TICKET coins: $takings coins ([join $parts {, }]). Funds: [dict get $::G funds] coins."
}

proc zoo::cmd_vet {params} {
    variable VET_FEE
    set name [dict get $params animal]
    set where [find_animal $name]
    if {![llength $where]} {
        return [unknown_animal $name]
    }
    lassign $where e i
    set a [get_animal $e $i]
    if {[dict get $a health] ne "sick"} {
        return [fail "The vet looks [title $name] over: healthy. No treatment needed, no fee."]
    }
    if {[dict get $::G funds] < $VET_FEE} {
        return [fail "The vet charges $VET_FEE coins; you have [dict get $::G funds]."]
    }
    if {![spend_hours vet]} {
        return [no_time vet]
    }
    dict set ::G funds [expr {[dict get $::G funds] - $VET_FEE}]
    dict set a hunger 0
    dict set a status well
    put_animal $e $i $a
    ok "The vet treats [title $name] for $VET_FEE coins. [title $name] is well again. Funds: [dict get $::G funds] coins."
}

proc zoo::accepts {e species} {
    set habitat [dict get $::G enclosures $e habitat]
    expr {"any" in $habitat || $species in $habitat}
}

proc zoo::cmd_move {params} {
    set name [dict get $params animal]
    set to [dict get $params to]
    set where [find_animal $name]
    if {![llength $where]} {
        return [unknown_animal $name]
    }
    lassign $where from i
    if {$from eq $to} {
        return [fail "[title $name] is already in the [title $to]."]
    }
    set a [get_animal $from $i]
    set species [dict get $a species]
    set dest [dict get $::G enclosures $to]
    if {![accepts $to $species]} {
        return [fail "The [title $to] is not fit for [article $species] $species."]
    }
    if {[llength [dict get $dest animals]] >= [dict get $dest capacity]} {
        return [fail "The [title $to] is full ([dict get $dest capacity] animals)."]
    }
    if {![spend_hours move]} {
        return [no_time move]
    }
    set animals [dict get $::G enclosures $from animals]
    dict set ::G enclosures $from animals [lreplace $animals $i $i]
    dict set ::G enclosures $to animals [linsert [dict get $dest animals] end $a]
    ok "You lead [title $name] from the [title $from] to the [title $to]."
}

proc zoo::cmd_send {params} {
    variable SPECIES
    set name [dict get $params animal]
    set where [find_animal $name]
    if {![llength $where]} {
        return [unknown_animal $name]
    }
    lassign $where e i
    set a [get_animal $e $i]
    if {[dict get $a stage] ne "adult"} {
        return [fail "[title $name] is too young to travel."]
    }
    if {[dict get $a health] ne "well"} {
        return [fail "The partner zoo only takes healthy animals; [title $name] is sick."]
    }
    if {![spend_hours send]} {
        return [no_time send]
    }
    set fee [dict get $SPECIES [dict get $a species] fee]
    set funds [dict get $::G funds]
    set animals [dict get $::G enclosures $e animals]
    dict set ::G enclosures $e animals [lreplace $animals $i $i]
    dict set ::G funds [expr {$funds + $fee}]
    dict set ::G transfers_out [expr {[dict get $::G transfers_out] + 1}]
    ok "[title $name] leaves the [title $e] for the partner zoo. Transfer fee: $fee coins. Funds: $funds coins."
}

proc zoo::nightfall {} {
    variable SPECIES
    variable GROWN_AT
    set notes {}
    set enclosures [dict get $::G enclosures]
    dict for {e encl} $enclosures {
        set dirty [expr {[dict get $encl cleanliness] < 30}]
        set animals {}
        foreach a [dict get $encl animals] {
            set was [dict get $a health]
            if {[dict get $a fed_today] < [dict get $a appetite]} {
                dict incr a hunger
            }
            if {[dict get $a hunger] >= 2 || $dirty} {
                dict set a health sick
            }
            if {$was eq "well" && [dict get $a health] eq "sick"} {
                if {$dirty} {
                    lappend notes "[title [dict get $a name]] has fallen sick in the dirty [title $e]."
                } else {
                    lappend notes "[title [dict get $a name]] has fallen sick from hunger."
                }
            }
            dict incr a age_days
            if {[dict get $a stage] eq "young" && [dict get $a age_days] >= $GROWN_AT} {
                dict set a stage adult
                dict set a appetite [dict get $SPECIES [dict get $a species] appetite]
                lappend notes "[title [dict get $a name]] is fully grown."
            }
            dict set a fed_today_was [dict get $a fed_today]
            lappend animals $a
        }
        # Pregnancies carry on for well, fully fed females with a well male of their kind.
        set result {}
        foreach a $animals {
            if {[dict get $a sex] eq "female" && [dict get $a stage] eq "adult" \
                    && [dict get $a health] eq "well" \
                    && [dict get $a fed_today_was] >= [dict get $a appetite]} {
                foreach m $animals {
                    if {[dict get $m sex] eq "male" && [dict get $m stage] eq "adult" \
                            && [dict get $m species] eq [dict get $a species] \
                            && [dict get $m health] eq "well"} {
                        dict incr a gestation
                        break
                    }
                }
            }
            lappend result $a
        }
        set clean [expr {max(0, [dict get $encl cleanliness] - 10 * [llength $result])}]
        dict set encl cleanliness $clean
        dict set encl animals $result
        dict set enclosures $e $encl
    }
    dict set ::G enclosures $enclosures

    # Births, in enclosure order, while there is room.
    dict for {e encl} [dict get $::G enclosures] {
        set animals [dict get $encl animals]
        set born {}
        set i 0
        foreach a $animals {
            set term [dict get $SPECIES [dict get $a species] term]
            if {[dict get $a gestation] >= $term} {
                if {[llength $animals] + [llength $born] < [dict get $encl capacity]} {
                    dict set ::G young_born [expr {[dict get $::G young_born] + 1}]
                    set word [dict get $SPECIES [dict get $a species] young]
                    set baby_name "$word[dict get $::G young_born]"
                    set sex [expr {[dict get $::G young_born] % 2 ? "female" : "male"}]
                    lappend born [animal $baby_name [dict get $a species] $sex young]
                    dict set a gestation 0
                    lappend notes "[title [dict get $a name]] has given birth in the [title $e]: welcome, [title $baby_name]!"
                } else {
                    lappend notes "[title [dict get $a name]] is due, but the [title $e] has no room for a baby."
                }
            }
            lset animals $i $a
            incr i
        }
        set all {}
        foreach a [concat $animals $born] {
            dict unset a fed_today_was
            dict set a fed_today 0
            lappend all $a
        }
        dict set ::G enclosures $e animals $all
        dict set ::G enclosures $e visitors_today 0
        dict set ::G births [expr {[dict get $::G births] + [llength $born]}]
    }
    return $notes
}

proc zoo::cmd_end_day {params} {
    variable DAY_HOURS
    variable DAYS
    variable GOAL_FUNDS
    variable GOAL_ANIMALS
    set closing [dict get $::G day]
    set notes [nightfall]
    dict set ::G day [expr {$closing + 1}]
    dict set ::G hours_left $DAY_HOURS
    dict set ::G gates_open 0
    dict set ::G visitors_today 0
    set msg "Night falls on day $closing."
    if {[llength $notes]} {
        append msg " [join $notes { }]"
    }
    set count [animal_count]
    set sick [sick_animals]
    if {[dict get $::G funds] >= $GOAL_FUNDS && $count >= $GOAL_ANIMALS && ![llength $sick]} {
        dict set ::G won 1
        append msg " At the close of day $closing the zoo has $count healthy animals and [dict get $::G funds] coins. The board is delighted: you have won Menagerie!"
        return [ok $msg]
    }
    if {$closing >= $DAYS} {
        dict set ::G lost 1
        append msg " The week is over with [dict get $::G funds] coins and $count animals[expr {[llength $sick] ? ", [llength $sick] of them sick" : ""}]. The board hands the keys to someone else. Game over."
        return [ok $msg]
    }
    append msg " Day [expr {$closing + 1}] begins: $count animals, [dict get $::G funds] coins."
    if {[llength $sick]} {
        append msg " Sick: [join [lmap n $sick {title $n}] {, }]."
    }
    ok $msg
}

# --- parsing and dispatch -------------------------------------------------------

# Parse "name(key=value, key=value)" into {name params}; errors are plain messages.
proc zoo::parse {line} {
    set line [string trim $line]
    if {![regexp {^([A-Za-z_]+)\s*(?:\((.*)\))?$} $line -> name inner]} {
        error "I could not read '$line'. Commands look like feed(animal=pip, kg=2); try help()."
    }
    set name [string tolower $name]
    set params [dict create]
    set inner [string trim $inner]
    if {$inner eq ""} {
        return [list $name $params]
    }
    foreach piece [split $inner ,] {
        set piece [string trim $piece]
        if {![regexp {^([A-Za-z_]+)\s*=\s*(.*)$} $piece -> key value]} {
            error "Parameters must be named, like kg=2; '$piece' is not."
        }
        set key [string tolower $key]
        set value [string trim $value]
        if {[regexp {^"(.*)"$} $value -> unquoted] || [regexp {^'(.*)'$} $value -> unquoted]} {
            set value $unquoted
        }
        if {[dict exists $params $key]} {
            error "The parameter $key is given twice."
        }
        dict set params $key [string tolower [string trim $value]]
    }
    return [list $name $params]
}

# Run one command against game g; returns {game result} where result has ok and msg.
proc zoo::run {g line} {
    variable COMMANDS
    set ::G $g
    dict set ::G turn [expr {[dict get $::G turn] + 1}]
    if {[catch {parse $line} parsed]} {
        return [list $::G [fail $parsed]]
    }
    lassign $parsed name params
    if {![dict exists $COMMANDS $name]} {
        return [list $::G [fail "There is no command '$name'. Commands: [join [dict keys $COMMANDS] {, }]. Try help()."]]
    }
    set spec [dict get $COMMANDS $name]
    foreach key [dict keys $params] {
        if {$key ni [dict get $spec params]} {
            set allowed [dict get $spec params]
            set hint [expr {[llength $allowed] ? "it takes [join $allowed {, }]" : "it takes no parameters"}]
            return [list $::G [fail "${name}() has no parameter '$key'; $hint."]]
        }
    }
    foreach key [dict get $spec required] {
        if {![dict exists $params $key] || [dict get $params $key] eq ""} {
            return [list $::G [fail "${name}() needs $key=...; see help()."]]
        }
    }
    if {([dict get $::G won] || [dict get $::G lost]) && $name ni {help look}} {
        return [list $::G [fail "The game is over. Start a new game to play again."]]
    }
    set result [cmd_$name $params]
    return [list $::G $result]
}

proc zoo::fresh {} {
    set g [new_game]
    dict set g turn 0
    return $g
}

# --- the state as the API shows it ------------------------------------------------

proc zoo::animal_json {a} {
    json::obj \
        name [json::str [dict get $a name]] \
        species [json::str [dict get $a species]] \
        sex [json::str [dict get $a sex]] \
        stage [json::str [dict get $a stage]] \
        age_days [json::num [dict get $a age_days]] \
        diet [json::str [dict get $a diet]] \
        appetite_kg [json::num [dict get $a appetite]] \
        fed_today_kg [json::num [dict get $a fed_today]] \
        hunger [json::num [dict get $a hunger]] \
        health [json::str [dict get $a health]] \
        gestation_days [json::num [dict get $a gestation]]
}

proc zoo::state_json {g} {
    set encls {}
    dict for {e encl} [dict get $g enclosures] {
        set animals {}
        foreach a [dict get $encl animals] {
            lappend animals [animal_json $a]
        }
        lappend encls $e [json::obj \
            habitat [json::strs [dict get $encl habitat]] \
            capacity [json::num [dict get $encl capacity]] \
            cleanliness [json::num [dict get $encl cleanliness]] \
            on_show [json::bool [dict get $encl on_show]] \
            visitors_today [json::num [dict get $encl visitors_today]] \
            animals [json::arr $animals]]
    }
    set stores {}
    dict for {food kg} [dict get $g stores] {
        lappend stores $food [json::num $kg]
    }
    set count [animal_count_of $g]
    json::obj \
        day [json::num [dict get $g day]] \
        days_total [json::num $zoo::DAYS] \
        hours_left [json::num [dict get $g hours_left]] \
        funds [json::num [dict get $g funds]] \
        gates_opened_today [json::bool [dict get $g gates_open]] \
        visitors [json::obj today [json::num [dict get $g visitors_today]] total [json::num [dict get $g visitors_total]]] \
        stores_kg [json::obj {*}$stores] \
        enclosures [json::obj {*}$encls] \
        animal_count [json::num $count] \
        births [json::num [dict get $g births]] \
        transfers_out [json::num [dict get $g transfers_out]] \
        goal [json::obj funds [json::num $zoo::GOAL_FUNDS] animals [json::num $zoo::GOAL_ANIMALS] by_day [json::num $zoo::DAYS]] \
        outcome [json::obj won [json::bool [dict get $g won]] lost [json::bool [dict get $g lost]]]
}
