local ripple = ripple
local record = ripple._recordScenario
local begin = ripple._beginScenario
local selection = ripple._selection
local usedGolden = ripple._usedGolden
local find = string.find
local function hasTag(name, list)
  for tag in string.gmatch(list, "[^,%s]+") do
    for t in string.gmatch(name, "#([%w_%-]+)") do
      if t == tag then return true end
    end
  end
  return false
end
local function selected(name)
  local only, skip, _, tags, excluded, stopped = selection()
  if stopped then return false end  -- --fail-fast after a failure
  if only and not find(name, only) then return false end
  if skip and find(name, skip) then return false end
  if tags ~= "" and not hasTag(name, tags) then return false end
  if excluded ~= "" and hasTag(name, excluded) then return false end
  return true
end
local traceback = debug.traceback
local openFile = io.open
local getenv = os.getenv
local getinfo = debug.getinfo

-- A float as Lua prints it when that reads back as the same number, else with the fewest digits that
-- do (up to %.17g): 0.1 + 0.2 is 0.30000000000000004, never "0.3".
local function describeNumber(v)
  local text = tostring(v)
  if math.type(v) ~= "float" or v ~= v or tonumber(text) == v then return text end
  for digits = 15, 17 do
    local exact = string.format("%." .. digits .. "g", v)
    if tonumber(exact) == v or digits == 17 then return exact end
  end
end

local function describe(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "number" then return describeNumber(v) end
  if type(v) == "table" then
    local mt = getmetatable(v)
    if mt and mt.__tostring then return tostring(v) end
    local keys, n = {}, 0
    for k in pairs(v) do n = n + 1; keys[n] = k end
    table.sort(keys, function(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      if ta == "number" or ta == "string" then return a < b end
      return tostring(a) < tostring(b)
    end)
    local parts = {}
    local isArray = (#v == n)
    for i, k in ipairs(keys) do
      if isArray then parts[i] = describe(v[k])
      else parts[i] = (type(k) == "string" and k or "[" .. describe(k) .. "]") .. " = " .. describe(v[k]) end
    end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  return tostring(v)
end
ripple.describe = describe

local function deepEqual(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not deepEqual(v, b[k], seen) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

-- The message of the last failed expectation: a scenario error that is not it is a Lua error.
local lastFailure
local Expectation = {}
Expectation.__index = Expectation

-- Raises at the line of the scenario that called the matcher (matchers call `check` as a statement,
-- never as a tail call, so the level is exact).
local function check(self, ok, message)
  if self.negated then ok = not ok; message = message:gsub("^expected (.-) to ", "expected %1 not to ") end
  if not ok then lastFailure = message; error(message, 3) end
end

local lineDiff

-- "a string of 3 lines" (the header of a line diff).
local function linesOf(s)
  local n = select(2, s:gsub("\n", "")) + 1
  return "a string of " .. n .. (n == 1 and " line" or " lines")
end

function Expectation:toBe(expected)
  local actual = self.value
  local da, de = describe(actual), describe(expected)
  local message = "expected " .. da .. " to be " .. de
  if actual ~= expected and not self.negated then
    local diff = lineDiff(expected, actual)
    if diff ~= "" then message = "expected " .. linesOf(actual) .. " to be " .. linesOf(expected) .. diff end
  end
  check(self, actual == expected, message)
  return self
end

function Expectation:toBeCloseTo(expected, digits)
  local actual = self.value
  if type(expected) ~= "number" then
    error("bad argument #1 to 'toBeCloseTo' (number expected, got " .. type(expected) .. ")", 2)
  end
  if digits ~= nil and math.type(digits) ~= "integer" then
    error("bad argument #2 to 'toBeCloseTo' (integer expected, got " .. (math.type(digits) or type(digits)) .. ")", 2)
  end
  digits = digits or 2
  if type(actual) ~= "number" then
    check(self, false, "expected " .. describe(actual) .. " to be close to " .. describe(expected) .. " (a number expected)")
    return self
  end
  local within = 10.0 ^ -digits / 2
  local difference = math.abs(actual - expected)
  local ok = actual == expected or difference < within
  local da, de = describe(actual), describe(expected)
  check(self, ok, "expected " .. da .. " to be close to " .. de .. " (" .. digits .. " digits: |difference| < "
    .. string.format("%g", within) .. ", got " .. string.format("%.6g", difference) .. ")")
  return self
end

local function isSequence(t)
  if type(t) ~= "table" or getmetatable(t) then return false end
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n == #t
end

-- A unified diff of two sequences, element by element (longest common subsequence): unchanged elements
-- as "  x" (one around each change, the others folded as "  …"), removed ones as "- x", added "+ x".
local function sequenceDiff(expected, actual, show)
  show = show or describe
  local m, n = #expected, #actual
  if m * n > 250000 then return nil end
  local a, b = {}, {}
  for i = 1, m do a[i] = show(expected[i]) end
  for j = 1, n do b[j] = show(actual[j]) end
  local lcs = {}
  for i = m + 1, 1, -1 do
    lcs[i] = {}
    for j = n + 1, 1, -1 do
      if i > m or j > n then lcs[i][j] = 0
      elseif deepEqual(expected[i], actual[j]) then lcs[i][j] = lcs[i + 1][j + 1] + 1
      else lcs[i][j] = math.max(lcs[i + 1][j], lcs[i][j + 1]) end
    end
  end
  local ops, i, j = {}, 1, 1
  while i <= m or j <= n do
    if i <= m and j <= n and deepEqual(expected[i], actual[j]) then ops[#ops + 1] = { " ", a[i] }; i = i + 1; j = j + 1
    elseif i <= m and (j > n or lcs[i + 1][j] >= lcs[i][j + 1]) then ops[#ops + 1] = { "-", a[i] }; i = i + 1
    else ops[#ops + 1] = { "+", b[j] }; j = j + 1 end
  end
  local lines, folded = { "--- expected", "+++ actual" }, false
  for k, op in ipairs(ops) do
    local near = op[1] ~= " " or (ops[k - 1] and ops[k - 1][1] ~= " ") or (ops[k + 1] and ops[k + 1][1] ~= " ")
    if near then lines[#lines + 1] = op[1] .. " " .. op[2]; folded = false
    elseif not folded then lines[#lines + 1] = "  …"; folded = true end
  end
  return table.concat(lines, "\n")
end

-- "\n" and a diff of the lines of two strings when one of them has several lines, else "".
function lineDiff(expected, actual)
  if type(expected) ~= "string" or type(actual) ~= "string" then return "" end
  if not (find(expected, "\n", 1, true) or find(actual, "\n", 1, true)) then return "" end
  local function lines(s)
    local list = {}
    for line in (s .. "\n"):gmatch("([^\n]*)\n") do list[#list + 1] = line end
    return list
  end
  local diff = sequenceDiff(lines(expected), lines(actual), function(line) return line end)
  return diff and ("\n" .. diff) or ""
end

-- The path of keys to the first difference of two tables, or nil.
local function firstDifference(a, b, seen)
  if deepEqual(a, b) then return nil end
  if type(a) ~= "table" or type(b) ~= "table" then return {} end
  seen = seen or {}
  if seen[a] then return {} end
  seen[a] = true
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  for k in pairs(b) do if a[k] == nil then keys[#keys + 1] = k end end
  table.sort(keys, function(x, y) return tostring(x) < tostring(y) end)
  for _, k in ipairs(keys) do
    local sub = firstDifference(a[k], b[k], seen)
    if sub then table.insert(sub, 1, k); return sub end
  end
  return {}
end

-- `v` described with luassert's marker: `*` before each key on the path to the difference.
local function describeMarked(v, path, depth)
  depth = depth or 1
  local key = path[depth]
  if key == nil or type(v) ~= "table" or getmetatable(v) then return describe(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  if v[key] == nil then keys[#keys + 1] = key end
  table.sort(keys, function(x, y)
    if type(x) == type(y) and (type(x) == "number" or type(x) == "string") then return x < y end
    return tostring(x) < tostring(y)
  end)
  local parts = {}
  for _, k in ipairs(keys) do
    local name = type(k) == "string" and k or "[" .. describe(k) .. "]"
    if k == key then parts[#parts + 1] = "*" .. name .. " = " .. describeMarked(v[k], path, depth + 1)
    else parts[#parts + 1] = name .. " = " .. describe(v[k]) end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function pathText(path)
  local parts = {}
  for i, k in ipairs(path) do
    parts[i] = type(k) == "string" and k:match("^[%a_][%w_]*$") and ((i > 1 and "." or "") .. k) or "[" .. describe(k) .. "]"
  end
  return table.concat(parts)
end

-- Golden traces: `expect(ripple.events()):toMatchGolden("name")` compares with NAME.golden next to the
-- calling file (one element a line); a missing file is recorded and the expectation fails; RIPPLE_RECORD=1
-- re-records and passes (printing what it wrote).
function Expectation:toMatchGolden(name)
  if type(name) ~= "string" or not name:match("^[%w_%-%.]+$") or name:find("..", 1, true) then
    error("bad argument #1 to 'toMatchGolden' (a name of letters, digits, '_', '-', '.' expected)", 2)
  end
  local value = self.value
  if type(value) ~= "table" then error("bad argument to 'toMatchGolden' (a list expected, got " .. type(value) .. ")", 2) end
  local lines = {}
  for i = 1, #value do lines[i] = type(value[i]) == "string" and value[i] or describe(value[i]) end
  local info = getinfo(2, "S")
  local source = info and info.source or ""
  local folder = source:sub(1, 1) == "@" and (source:sub(2):match("^(.*)/[^/]*$") or ".") or "."
  local path = folder .. "/" .. name .. ".golden"
  local text = table.concat(lines, "\n") .. "\n"
  usedGolden(path)
  local function record()
    local f, err = openFile(path, "w")
    if not f then error("cannot record golden file " .. path .. ": " .. tostring(err), 3) end
    f:write(text); f:close()
  end
  if getenv("RIPPLE_RECORD") == "1" then
    record()
    print("recorded " .. path)
    return self
  end
  local f = openFile(path, "r")
  if not f then
    record()
    check(self, false, "expected a golden file " .. path .. " (recorded now; check it in and run again)")
    return self
  end
  local stored = f:read("a"); f:close()
  local expected = {}
  for line in (stored):gmatch("([^\n]*)\n") do expected[#expected + 1] = line end
  local same = stored == text
  check(self, same, "expected the trace to match " .. path .. " (RIPPLE_RECORD=1 re-records it)\n"
    .. (same and "" or (sequenceDiff(expected, lines) or "")))
  return self
end

function Expectation:toEqual(expected)
  local actual = self.value
  local equal = deepEqual(actual, expected)
  local da, de = describe(actual), describe(expected)
  local message = "expected " .. da .. " to equal " .. de
  if not equal and not self.negated then
    local diff = lineDiff(expected, actual)
    if diff ~= "" then message = "expected " .. linesOf(actual) .. " to equal " .. linesOf(expected) .. diff end
  end
  if not equal and not self.negated and type(actual) == "table" and type(expected) == "table" then
    local diff = isSequence(actual) and isSequence(expected) and sequenceDiff(expected, actual)
    if diff then
      message = message .. "\n" .. diff
    else
      local path = firstDifference(expected, actual)
      if path and #path > 0 then
        message = message .. "\nfirst difference at " .. pathText(path) .. " (marked *)"
          .. "\nexpected: " .. describeMarked(expected, path) .. "\nactual:   " .. describeMarked(actual, path)
      end
    end
  end
  check(self, equal, message)
  return self
end

function Expectation:toBeNil()
  check(self, self.value == nil, "expected " .. describe(self.value) .. " to be nil")
  return self
end

function Expectation:toBeTruthy()
  check(self, self.value and true or false, "expected " .. describe(self.value) .. " to be truthy")
  return self
end

function Expectation:toBeFalsy()
  check(self, not self.value, "expected " .. describe(self.value) .. " to be falsy")
  return self
end

function Expectation:toContain(item)
  local v, found = self.value, false
  if type(v) == "string" then
    found = type(item) == "string" and string.find(v, item, 1, true) ~= nil
  elseif type(v) == "table" or type(v) == "userdata" then
    local n = #v
    for i = 1, n do if v[i] == item or deepEqual(v[i], item) then found = true; break end end
  end
  check(self, found, "expected " .. describe(v) .. " to contain " .. describe(item))
  return self
end

-- What a table or collection view shows, by its cells' objects: a cell's object is its `object` field when
-- that holds a managed object, else its first field (in name order) that does. One line a row with a
-- cell: `[section, row] Contact#3`, or the cell's fields when it names no object.
local function isManagedObject(v)
  if type(v) ~= "userdata" then return false end
  local ok, name = pcall(function() return v.entityName end)
  return ok and type(name) == "string"
end
local function cellObject(cell)
  if isManagedObject(cell.object) then return cell.object end
  local keys = {}
  for k, v in pairs(cell) do if type(k) == "string" and isManagedObject(v) then keys[#keys + 1] = k end end
  table.sort(keys)
  return keys[1] and cell[keys[1]]
end
local function shownRows(view, matcher, withPaths)
  local ok, sections = pcall(function() return view:snapshot() end)
  if not ok or type(sections) ~= "table" then
    error("bad argument to '" .. matcher .. "' (expect(view) with a table or collection view expected, got " .. describe(view) .. ")", 3)
  end
  local rows = {}
  for s, section in ipairs(sections) do
    for r, cell in ipairs(section.cells or {}) do
      local object = cellObject(cell)
      local shown = object and tostring(object) or ("a cell without an object " .. describe(cell))
      rows[#rows + 1] = withPaths and ("[" .. (s - 1) .. ", " .. (r - 1) .. "] " .. shown) or shown
    end
  end
  return rows
end
-- Whether the rows are the same, and the failure message with their diff.
local function compareRows(expected, actual, what)
  local same = #expected == #actual
  for i = 1, #expected do if expected[i] ~= actual[i] then same = false; break end end
  return same, "expected the view to show " .. what .. " (rows by their cells' objects)"
    .. (same and "" or ("\n" .. (sequenceDiff(expected, actual, tostring) or "")))
end

-- expect(tableView):toShow(controller): the rows the view shows are the controller's objects, section by
-- section, at the same index paths.
function Expectation:toShow(controller)
  local ok, sections = pcall(function() return controller.sections end)
  if not ok or type(sections) ~= "table" then
    error("bad argument #1 to 'toShow' (FetchedResultsController expected, got " .. describe(controller) .. ")", 2)
  end
  local expected = {}
  for s, section in ipairs(sections) do
    for r, object in ipairs(section.objects) do expected[#expected + 1] = "[" .. (s - 1) .. ", " .. (r - 1) .. "] " .. tostring(object) end
  end
  local same, message = compareRows(expected, shownRows(self.value, "toShow", true), "the controller's objects")
  check(self, same, message)
  return self
end

-- expect(tableView):toShowObjects(list): the rows the view shows, in order across its sections, are the
-- objects of `list`.
function Expectation:toShowObjects(list)
  if type(list) ~= "table" then error("bad argument #1 to 'toShowObjects' (table expected, got " .. type(list) .. ")", 2) end
  local expected = {}
  for i, object in ipairs(list) do expected[i] = tostring(object) end
  local same, message = compareRows(expected, shownRows(self.value, "toShowObjects", false), "these objects")
  check(self, same, message)
  return self
end

function Expectation:toHaveLength(n)
  check(self, #self.value == n,
    "expected " .. describe(self.value) .. " to have length " .. tostring(n) .. " (it has " .. tostring(#self.value) .. ")")
  return self
end

function Expectation:toRaise(pattern)
  if type(self.value) ~= "function" then
    error("expect(...):toRaise() needs a function, got " .. type(self.value), 2)
  end
  local ok, err = pcall(self.value)
  if ok then
    check(self, false, "expected function to raise" .. (pattern and (" " .. describe(pattern)) or ""))
    return self
  end
  local message = type(err) == "string" and err or describe(err)
  if pattern == nil then
    check(self, true, "expected function to raise, and it raised " .. describe(message))
    return self
  end
  local matched = string.find(message, pattern, 1, true) ~= nil
  if not matched then
    local okp, found = pcall(string.find, message, pattern)
    matched = okp and found ~= nil
  end
  check(self, matched, "expected error " .. describe(message) .. " to match " .. describe(pattern))
  return self
end

function expect(value)
  local e = setmetatable({ value = value, negated = false }, Expectation)
  e["not"] = setmetatable({ value = value, negated = true }, Expectation)
  e.never = e["not"]
  return e
end

-- The message handler of a test is a Swift function (no VM instruction runs in it, so a spent instruction
-- budget cannot replace the error with one raised here); it keeps the message for the runner.
local keepError = ripple._keepError
local function handler(err)
  if type(err) ~= "string" then err = describe(err) end
  return err
end

local running = 0        -- scenarios running now (a nested one always runs: it cannot hide a failure)
local blocks = {}        -- the describe blocks around the code running now, outermost first
local seen = {}          -- full names declared in this file

local function declare(fullName, level)
  if seen[fullName] then
    error("duplicate test name '" .. fullName .. "' (full names must be unique in a file)", level + 1)
  end
  seen[fullName] = true
end

local queue = nil        -- with --shuffle: the top-level tests of the file, run after its top level

-- Runs one test: the hooks of the enclosing describe blocks around `fn`.
local function execute(fullName, fn, file, hooks)
  begin(fullName, file)
  if select(3, selection()) then record(fullName, file, true, nil); return end
  lastFailure = nil
  running = running + 1
  local ok, err = xpcall(function()
    if hooks then
      for _, b in ipairs(blocks) do
        if not b.setupDone then
          b.setupDone = true
          for _, f in ipairs(b.setup) do f() end
        end
      end
      for _, b in ipairs(blocks) do for _, f in ipairs(b.before_each) do f() end end
    end
    fn()
  end, keepError)
  if not ok and type(err) ~= "string" then err = describe(err) end
  if hooks then
    for i = #blocks, 1, -1 do
      for _, f in ipairs(blocks[i].after_each) do
        local okAfter, errAfter = xpcall(f, handler)
        if ok and not okAfter then ok, err = false, errAfter end
      end
    end
  end
  running = running - 1
  local isError = not ok and (lastFailure == nil or not find(err, lastFailure, 1, true))
  record(fullName, file, ok, ok and nil or err, isError)
end

local function runTest(fullName, fn, level, hooks)
  declare(fullName, level + 1)
  if running == 0 and not selected(fullName) then return end
  local info = getinfo(level + 1, "S")
  local file = info and info.short_src or "?"
  if queue and running == 0 then
    local around = {}
    for i, b in ipairs(blocks) do around[i] = b; b.queued = (b.queued or 0) + 1 end
    queue[#queue + 1] = { name = fullName, fn = fn, file = file, hooks = hooks, blocks = around }
    return
  end
  execute(fullName, fn, file, hooks)
end

-- --shuffle: runs `chunk` (a file) with its top-level tests queued, then runs them in an order shuffled
-- with `seed` (SplitMix64, Fisher-Yates); the hooks of their describe blocks still run around each, and a
-- block's teardown after its last test.
function ripple._runShuffled(chunk, seed)
  queue = {}
  chunk()
  local tests = queue
  queue = nil
  local state = seed
  local function nextRandom()
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    return z ~ (z >> 31)
  end
  for i = #tests, 2, -1 do
    local j = nextRandom() % i + 1
    tests[i], tests[j] = tests[j], tests[i]
  end
  local outer = blocks
  for _, t in ipairs(tests) do
    if t.pending then
      begin(t.name, t.file)
      record(t.name, t.file, true, nil, false, true)
    elseif selected(t.name) then
      blocks = t.blocks
      execute(t.name, t.fn, t.file, t.hooks)
    end
    for i = #t.blocks, 1, -1 do
      local b = t.blocks[i]
      b.queued = b.queued - 1
      if b.queued == 0 and b.setupDone then
        for _, f in ipairs(b.teardown) do f() end
      end
    end
  end
  blocks = outer
end

function scenario(name, fn)
  if type(name) ~= "string" then error("bad argument #1 to 'scenario' (string expected, got " .. type(name) .. ")", 2) end
  if type(fn) ~= "function" then error("bad argument #2 to 'scenario' (function expected, got " .. type(fn) .. ")", 2) end
  runTest(name, fn, 2, false)
end

local function fullName(name)
  local parts = {}
  for i, b in ipairs(blocks) do parts[i] = b.name end
  parts[#parts + 1] = name
  return table.concat(parts, " ")
end

-- busted's structure: describe/it nest, full names joined with spaces; hooks apply to the tests of their
-- block and the blocks inside it; setup runs before the first selected test of its block, teardown after
-- the block's last test (only if setup ran).
_G.describe = function(name, fn)
  if type(name) ~= "string" then error("bad argument #1 to 'describe' (string expected, got " .. type(name) .. ")", 2) end
  if type(fn) ~= "function" then error("bad argument #2 to 'describe' (function expected, got " .. type(fn) .. ")", 2) end
  local block = { name = name, setup = {}, teardown = {}, before_each = {}, after_each = {} }
  blocks[#blocks + 1] = block
  local ok, err = xpcall(fn, handler)
  if block.setupDone and not block.queued then
    for _, f in ipairs(block.teardown) do
      local okDown, errDown = xpcall(f, handler)
      if ok and not okDown then ok, err = false, errDown end
    end
  end
  blocks[#blocks] = nil
  if not ok then error(err, 0) end
end
context = _G.describe

function it(name, fn)
  if type(name) ~= "string" then error("bad argument #1 to 'it' (string expected, got " .. type(name) .. ")", 2) end
  if type(fn) ~= "function" then error("bad argument #2 to 'it' (function expected, got " .. type(fn) .. ")", 2) end
  runTest(fullName(name), fn, 2, true)
end
test = it

local function hook(kind)
  return function(fn)
    if type(fn) ~= "function" then error("bad argument #1 to '" .. kind .. "' (function expected, got " .. type(fn) .. ")", 2) end
    local block = blocks[#blocks]
    if block == nil then error(kind .. " must be called inside describe", 2) end
    local list = block[kind]
    list[#list + 1] = fn
  end
end
before_each = hook("before_each")
after_each = hook("after_each")
setup = hook("setup")
teardown = hook("teardown")

-- pending(name): a test written down but not implemented; reported, never run, never a failure.
function pending(name)
  if type(name) ~= "string" then error("bad argument #1 to 'pending' (string expected, got " .. type(name) .. ")", 2) end
  local full = fullName(name)
  declare(full, 2)
  if not selected(full) then return end
  local info = getinfo(2, "S")
  local file = info and info.short_src or "?"
  if queue and running == 0 then
    queue[#queue + 1] = { name = full, file = file, pending = true, blocks = {} }
    return
  end
  begin(full, file)
  record(full, file, true, nil, false, true)
end

-- ripple.explore and the helpers its shrunk scenarios call (Sources/Scripting/Lua/explore.lua), loaded on
-- first use; the calls are tail calls, so that their errors name the script's line.
local exploreModule = nil
local function exploreFunctions()
  if exploreModule == nil then exploreModule = ripple._exploreChunk()(getinfo) end
  return exploreModule
end
function ripple.explore(options) return exploreFunctions().explore(options) end
function ripple.exploreStart(options) return exploreFunctions().start(options) end
function ripple.exploreCheck(options) return exploreFunctions().check(options) end
function ripple.exploreRebuild(options) return exploreFunctions().rebuild(options) end
