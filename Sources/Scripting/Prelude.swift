/// The Lua half of the scenario DSL: `scenario(name, fn)` and `expect(value)`.
///
/// Failures are raised with `error(message, 2)` from the matcher, so the position they carry is the
/// line of the scenario that called the matcher.
enum Prelude {
    static let source = #"""
local ripple = ripple
local record = ripple._recordScenario
local begin = ripple._beginScenario
local selection = ripple._selection
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
  local only, skip, _, tags, excluded = selection()
  if only and not find(name, only) then return false end
  if skip and find(name, skip) then return false end
  if tags ~= "" and not hasTag(name, tags) then return false end
  if excluded ~= "" and hasTag(name, excluded) then return false end
  return true
end
local traceback = debug.traceback
local getinfo = debug.getinfo

local function describe(v)
  if type(v) == "string" then return string.format("%q", v) end
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

function Expectation:toBe(expected)
  check(self, self.value == expected,
    "expected " .. describe(self.value) .. " to be " .. describe(expected))
  return self
end

function Expectation:toEqual(expected)
  check(self, deepEqual(self.value, expected),
    "expected " .. describe(self.value) .. " to equal " .. describe(expected))
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

local function handler(err)
  if type(err) ~= "string" then err = describe(err) end
  return err
end

function scenario(name, fn)
  if type(name) ~= "string" then error("bad argument #1 to 'scenario' (string expected, got " .. type(name) .. ")", 2) end
  if type(fn) ~= "function" then error("bad argument #2 to 'scenario' (function expected, got " .. type(fn) .. ")", 2) end
  if not selected(name) then return end
  local info = getinfo(2, "S")
  local file = info and info.short_src or "?"
  begin(name, file)
  if select(3, selection()) then record(name, file, true, nil); return end
  lastFailure = nil
  local ok, err = xpcall(fn, handler)
  local isError = not ok and (lastFailure == nil or not find(err, lastFailure, 1, true))
  record(name, file, ok, ok and nil or err, isError)
end
"""#
}
