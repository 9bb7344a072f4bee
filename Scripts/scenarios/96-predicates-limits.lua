-- Bounded work in predicates: nesting deeper than 100 levels is a syntax error (3,000 parentheses or
-- 20,000 NOTs used to overflow the native stack), and a regular expression stops at ICU's step limit
-- ((a+)+b on 28 characters used to run for minutes; .* on 10,000 characters overflowed the stack).
-- A key path through a self-referencing relationship is limited to 100 keys (20,000 used to recurse as
-- deep). Each is an error with the caller's file:line, and the context and controllers carry on unharmed.
-- The regular-expression step limit is lowered from its default (10,000,000 steps, tested from Swift in
-- ObjectGraphTests) to 100,000 for this file: the same errors, a hundred times sooner (docs/predicates.md).
assert(ripple.regularExpressionStepLimit(100000) == 10000000)
local model = ripple.model {
  Customer = { name = "string", code = { "string?", pattern = "(a+)+b" },
               referrer = { toOne = "Customer", inverse = "referrals" }, referrals = { toMany = "Customer", inverse = "referrer" } },
}
local ctx = ripple.container(model).viewContext
ctx:insert("Customer", { name = string.rep("a", 28) })
ctx:insert("Customer", { name = string.rep("x", 10000) })
ctx:insert("Customer", { name = "Ann" })
ctx:save()

local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
local batches = 0
frc.delegate = { controllerDidChangeContent = function() batches = batches + 1 end }
frc:performFetch()

local function count(predicate) return #ctx:fetch { entity = "Customer", predicate = predicate } end

scenario("3,000 nested parentheses and 20,000 chained NOTs are syntax errors", function()
  local deep = string.rep("(", 3000) .. "name == 'Ann'" .. string.rep(")", 3000)
  local ok, message = pcall(count, deep)
  expect(ok):toBe(false)
  local expected = "96-predicates-limits.lua:24: Unable to parse the format string \"" .. deep
                   .. "\" (at position 100, near '('): nesting deeper than 100 levels"
  expect(message:sub(-#expected)):toBe(expected)
  local nots = string.rep("NOT ", 20000) .. "name == 'Ann'"
  expect(function() count(nots) end)
    :toRaise("(at position 400, near 'NOT'): nesting deeper than 100 levels")
  -- 100 levels are fine.
  expect(count(string.rep("(", 100) .. "name == 'Ann'" .. string.rep(")", 100))):toBe(1)
  expect(count(string.rep("NOT ", 100) .. "name == 'Ann'")):toBe(1)
end)

scenario("catastrophic backtracking is an error within a second, not a hang", function()
  expect(function() count("name MATCHES '(a+)+b'") end)
    :toRaise('96-predicates-limits.lua:24: Can\'t do regex matching, reason: U_REGEX_TIME_OUT: the pattern "(a+)+b" needed more than 100000 steps on a string of 28 characters')
  -- A long string with a simple pattern is fine: ICU's backtracking stack is on the heap.
  expect(count("name MATCHES '.*'")):toBe(3)
  expect(count("name MATCHES 'x*'")):toBe(1)
  expect(#frc.fetchedObjects):toBe(3)
end)

scenario("a pattern validated at save stops too, and the save fails with Core Data's 1680", function()
  local o = ctx:insert("Customer", { name = "Bob", code = string.rep("a", 28) })
  expect(function() ctx:save() end)
    :toRaise('Code=1680 "code is not valid." UserInfo={NSValidationErrorObject=Customer#4, NSValidationErrorKey=code, NSValidationErrorValue="aaaaaaaaaaaaaaaaaaaaaaaaaaaa", NSLocalizedFailureReason=Can\'t do regex matching, reason: U_REGEX_TIME_OUT')
  expect(ctx.hasChanges):toBe(true)
  o.code = "aab"
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
  expect(#frc.fetchedObjects):toBe(4)
  expect(batches):toBe(2)  -- the failed save's processing (the insert), then the save's
end)

scenario("a key path of 20,000 keys through a self-reference is an error, 100 keys are fine", function()
  local ann = ctx:fetch { entity = "Customer", predicate = "name == 'Ann'" }[1]
  ann.referrer = ann
  ctx:save()
  expect(function() count(string.rep("referrer.", 20000) .. "name == 'Ann'") end)
    :toRaise("The key path 'referrer.referrer.referrer.referrer.referrer.referrer.referr…' has 20001 keys; at most 100 are followed")
  expect(count(string.rep("referrer.", 99) .. "name == 'Ann'")):toBe(1)
  expect(function() ctx:fetch { entity = "Customer", sortDescriptors = { string.rep("referrer.", 200) .. "name" } } end)
    :toRaise("has 201 keys; at most 100 are followed")
  expect(ctx.hasChanges):toBe(false)
end)
