import LuaBridge

extension ScriptEngine {
    /// The REPL's table printer: `ripple.describe`'s format (strings quoted, keys sorted, sequences as
    /// `{1, 2}`), where a table met again inside itself prints as a back-reference, as inspect.lua does:
    /// `<1>{name = "root", self = <table 1>}`. Only tables that are part of a cycle get a number; a table
    /// shared without a cycle prints in full each time. Deeper than 32 levels prints as `{…}`.
    static let tablePrinterSource = #"""
local rawget, next, type, tostring, getmetatable, format, sort, concat = rawget, next, type, tostring, getmetatable, string.format, table.sort, table.concat
local function order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end
local function sortedKeys(t)
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  sort(keys, order)
  return keys, n
end
local function printable(v)
  if type(v) ~= "table" then return false end
  local mt = getmetatable(v)
  return not (mt and mt.__tostring)
end
return function(root)
  -- First pass: number the tables that are reached again from inside themselves.
  local ids, count, onPath = {}, 0, {}
  local function mark(t, depth)
    if onPath[t] then
      if not ids[t] then count = count + 1; ids[t] = count end
      return
    end
    if depth > 32 then return end
    onPath[t] = true
    for _, v in next, t do if printable(v) then mark(v, depth + 1) end end
    onPath[t] = nil
  end
  mark(root, 1)
  -- Second pass: print.
  local open = {}
  local function show(v, depth)
    if type(v) == "string" then return format("%q", v) end
    if not printable(v) then return tostring(v) end
    if open[v] then return "<table " .. ids[v] .. ">" end
    if depth > 32 then return "{…}" end
    open[v] = true
    local keys, n = sortedKeys(v)
    local parts, isArray = {}, #v == n
    for i, k in next, keys do
      if isArray then parts[i] = show(rawget(v, k), depth + 1)
      else parts[i] = (type(k) == "string" and k or "[" .. show(k, depth + 1) .. "]") .. " = " .. show(rawget(v, k), depth + 1) end
    end
    open[v] = nil
    return (ids[v] and ("<" .. ids[v] .. ">") or "") .. "{" .. concat(parts, ", ") .. "}"
  end
  return show(root, 1)
end
"""#

    /// The text of the table at `index` (see ``tablePrinterSource``), or nil when printing raised.
    func describeTable(at index: Int32) -> String? {
        let i = state.absoluteIndex(index)
        if tablePrinter == nil {
            guard (try? state.load(ScriptEngine.tablePrinterSource, chunkName: "=print")) != nil else { return nil }
            guard (try? state.pcall(arguments: 0, results: 1)) != nil else { return nil }
            tablePrinter = state.ref()
        }
        guard let printer = tablePrinter else { return nil }
        state.push(printer)
        state.pushValue(at: i)
        guard (try? state.pcall(arguments: 1, results: 1)) != nil else { return nil }
        defer { state.pop() }
        return state.toString(at: -1)
    }
}
