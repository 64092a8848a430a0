# Writes collido(1), or collidoscope(1), from the program's own help, so the
# page never drifts from it.
#   cmake -DCOLLIDO=path/to/collido -DOUT=collido.1 -DVERSION=... -P collido_manpage.cmake
#   cmake -DCOLLIDO=path/to/collidoscope -DPROGRAM=collidoscope -DOUT=... -DVERSION=... -P ...
# The top-level --help gives NAME and the command list; each `collido CMD --help`
# becomes a subsection of COMMANDS, kept as preformatted text. (collidoscope
# parses its command line before it opens a window: --help needs no display.)
if(NOT PROGRAM)
  set(PROGRAM collido)
endif()

function(run_help out)
  execute_process(COMMAND ${COLLIDO} ${ARGN} --help
    OUTPUT_VARIABLE text RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${COLLIDO} ${ARGN} --help failed (${rc}): ${err}")
  endif()
  # CLI11 prints argv[0]: the page names the program, not the build path.
  string(REPLACE "${COLLIDO}" "${PROGRAM}" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Text made safe for troff: backslashes escaped, a leading . or ' not a request.
function(troff_escape out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

run_help(top)
string(REGEX MATCH "^${PROGRAM}: ([^\n]*)" _ "${top}")
set(summary "${CMAKE_MATCH_1}")
string(REPLACE "-" "\\-" summary "${summary}")

troff_escape(topText "${top}")
string(TIMESTAMP today "%Y-%m-%d" UTC)
string(TOUPPER "${PROGRAM}" title)
if(PROGRAM STREQUAL "collido")
  set(synopsis ".B collido\n.I COMMAND\n.RI [ OPTIONS ]\n.br\n.B collido\n.RB [ \\-\\-help | \\-\\-version ]")
  set(about "The headless half of Collidoscope: it assembles a collision routine, runs it on an
emulated 6502 or SM83 against a room, and checks every frame against an exact
geometric oracle. The GUI, \\fBcollidoscope\\fR(1), does the same work interactively.")
else()
  set(synopsis ".B collidoscope\n.RI [ OPTIONS ]\n.RI [ SCENARIO ]")
  set(about "The Collidoscope GUI: open a room, paint metatiles and their collision bits,
place entities, and step the real, assembled collision routine frame by frame and
instruction by instruction. With no scenario it opens the castle sample. The
scripted options (\\-\\-frames, \\-\\-screenshot, ...) run it for tests and
pictures; \\fBcollido\\fR(1) is its headless half.")
endif()
set(page ".TH ${title} 1 \"${today}\" \"${PROGRAM} ${VERSION}\" \"User Commands\"
.SH NAME
${PROGRAM} \\- ${summary}
.SH SYNOPSIS
${synopsis}
.SH DESCRIPTION
${about}
.PP
.nf
${topText}
.fi
")
if(PROGRAM STREQUAL "collido")
  # The commands: the indented names under "Subcommands:".
  string(FIND "${top}" "Subcommands:" at)
  string(SUBSTRING "${top}" ${at} -1 listing)
  string(REGEX MATCHALL "\n  [a-z0-9-]+ " names "${listing}")
  if(NOT names)
    message(FATAL_ERROR "no subcommands in `collido --help`")
  endif()
  string(APPEND page ".SH COMMANDS\n")
  foreach(name IN LISTS names)
    string(STRIP "${name}" name)
    run_help(sub ${name})
    troff_escape(subText "${sub}")
    string(APPEND page ".SS ${name}\n.nf\n${subText}\n.fi\n")
  endforeach()
endif()
if(PROGRAM STREQUAL "collido")
  string(APPEND page ".SH EXIT STATUS
.TP
.B 0
clean: every check passed
.TP
.B 1
findings: a frame, case or input was not ok
.TP
.B 2
bad input or usage: the message names the file and the line or JSON path
")
endif()
string(APPEND page ".SH FILES
.TP
.I /usr/share/collidoscope
sample rooms, scenarios and routines (maps/, assets/)
.TP
.I /usr/share/doc/collidoscope
the README and docs/
.SH SEE ALSO
.BR collido (1),
.BR collidoscope (1),
.BR ca65 (1),
.BR ld65 (1)
")
file(WRITE ${OUT} "${page}")
