-- Predicates as NSPredicate where text is not ASCII: [c] is Unicode full case folding, [d] removes
-- diacritics after canonical decomposition, MATCHES is ICU's regular expression (properties, inline
-- flags, POSIX classes) with ICU's own error names, and sort descriptors take Foundation's selectors.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Nguyễn", "Straße", "émile", "Zoë", "File10", "file2", "R2D2", "Ängel" } do
  ctx:insert("Customer", { name = n })
end
ctx:save()

local function names(predicate, arguments, sort)
  local out = {}
  for i, c in ipairs(ctx:fetch { entity = "Customer", predicate = predicate, arguments = arguments,
                                 sortDescriptors = sort or { "name" } }) do
    out[i] = c.name
  end
  return out
end

scenario("[c], [d] and [cd] fold as Foundation does", function()
  expect(names("name BEGINSWITH[cd] 'nguyen'")):toEqual({ "Nguyễn" })
  expect(names("name BEGINSWITH[c] 'nguyen'")):toEqual({})
  expect(names("name CONTAINS[c] 'STRASSE'")):toEqual({ "Straße" })
  expect(names("name ==[c] %@", { "STRASSE" })):toEqual({ "Straße" })
  expect(names("name ==[d] 'Zoe'")):toEqual({ "Zoë" })
  expect(names("name LIKE[cd] 'EMI*'")):toEqual({ "émile" })
  expect(names("name IN[cd] {'angel', 'zoe'}")):toEqual({ "Zoë", "Ängel" })
end)

scenario("MATCHES is ICU: \\p{L}, (?i), [[:alpha:]], whole-string match", function()
  expect(names([[name MATCHES '\\p{L}+']])):toEqual({ "Nguyễn", "Straße", "Zoë", "Ängel", "émile" })
  -- ICU's case-insensitive matching folds literals fully: "SS" matches "ß".
  expect(names("name MATCHES '(?i)straSSE'")):toEqual({ "Straße" })
  expect(names("name MATCHES '(?i)straße'")):toEqual({ "Straße" })
  expect(names("name MATCHES '[[:alpha:]]+[[:digit:]]+'")):toEqual({ "File10", "file2" })
  expect(names("name MATCHES 'R2'")):toEqual({})
  expect(names("name MATCHES[c] 'r2d2'")):toEqual({ "R2D2" })
  expect(names("name MATCHES[d] 'Zoe'")):toEqual({ "Zoë" })
end)

scenario("a malformed pattern fails with ICU's error name; nothing changes", function()
  expect(function() names("name MATCHES 'a(b'") end)
    :toRaise([[Can't do regex matching, reason: Can't open pattern U_REGEX_MISMATCHED_PAREN (pattern "a(b")]])
  expect(function() names([[name MATCHES '\\p{Nope}']]) end)
    :toRaise("U_REGEX_PROPERTY_SYNTAX")
  expect(function() names("name MATCHES '[ab'") end)
    :toRaise("U_REGEX_MISSING_CLOSE_BRACKET")
  expect(ctx.hasChanges):toBe(false)
  expect(#names(nil)):toBe(8)
end)

scenario("sort selectors: compare:, caseInsensitiveCompare:, localized…Compare:", function()
  expect(names(nil, nil, { { key = "name", selector = "compare:" } }))
    :toEqual({ "File10", "Nguyễn", "R2D2", "Straße", "Zoë", "file2", "Ängel", "émile" })
  expect(names(nil, nil, { { key = "name", selector = "caseInsensitiveCompare:" } }))
    :toEqual({ "File10", "file2", "Nguyễn", "R2D2", "Straße", "Zoë", "Ängel", "émile" })
  expect(names(nil, nil, { { key = "name", selector = "localizedCaseInsensitiveCompare:" } }))
    :toEqual({ "Ängel", "émile", "File10", "file2", "Nguyễn", "R2D2", "Straße", "Zoë" })
  expect(names(nil, nil, { { key = "name", selector = "localizedStandardCompare:" } }))
    :toEqual({ "Ängel", "émile", "file2", "File10", "Nguyễn", "R2D2", "Straße", "Zoë" })
  expect(names(nil, nil, { { key = "name", selector = "localizedCompare:", ascending = false } }))
    :toEqual({ "Zoë", "Straße", "R2D2", "Nguyễn", "file2", "File10", "émile", "Ängel" })
  expect(function() names(nil, nil, { { key = "name", selector = "compareNumbers:" } }) end)
    :toRaise("unknown sort selector 'compareNumbers:' (expected compare:, caseInsensitiveCompare:, localizedCompare:, localizedCaseInsensitiveCompare: or localizedStandardCompare:)")
end)
