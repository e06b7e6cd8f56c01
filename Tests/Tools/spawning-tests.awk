# Prints a `swift test --skip` regex naming every suite and test tagged `.spawnsProcess` in the Swift
# test sources given (see Sources/TestSupport/Tag+SpawnsProcess.swift): `[./]Suite/` for a tagged
# suite, `Suite/test\(` for a tagged test. Swift Testing 6.3 cannot filter by tag on the command
# line (`--skip tag:...` arrives in a later release), so the instrumented run skips them by name,
# derived here from the tags themselves. Reads formatted sources: one declaration a line.
#
#   awk -f Tests/Tools/spawning-tests.awk $(find Tests -name '*.swift')
function emit(pattern) {
  found = found (found == "" ? "" : "|") pattern
}
# The type declared at `indent` or the closest one enclosing it.
function enclosing(indent,    k) {
  for (k = indent - 1; k >= 0; k--) if (k in types) return types[k]
  return ""
}
FNR == 1 { tagged = 0; delete types }
/^[[:space:]]*\/\// { next }
/\.spawnsProcess/ { tagged = 1 }
match($0, /(^|[)[:space:]])(struct|class|enum|extension|actor)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*/) {
  name = substr($0, RSTART, RLENGTH)
  sub(/^.*(struct|class|enum|extension|actor)[[:space:]]+/, "", name)
  indent = match($0, /[^[:space:]]/) - 1
  for (k in types) if (k + 0 >= indent) delete types[k]
  types[indent] = name
  if (tagged) emit("[./]" name "/")
  tagged = 0
  next
}
match($0, /func[[:space:]]+[A-Za-z_][A-Za-z0-9_]*/) {
  name = substr($0, RSTART, RLENGTH)
  sub(/^func[[:space:]]+/, "", name)
  type = enclosing(match($0, /[^[:space:]]/) - 1)
  if (tagged && type != "") emit(type "/" name "\\(")
  tagged = 0
}
END { print found }
