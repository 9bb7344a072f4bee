-- ripple.regularExpressionStepLimit(steps): a script lowers (or raises) the match-step limit of MATCHES and
-- attribute patterns for itself. The default is 10,000,000 steps; ICU counts in units of 10,000, so a limit
-- is a multiple of 10,000 from 10,000 to 1,000,000,000. Bad arguments are Lua argument errors that change
-- nothing; the timeout keeps ICU's words and names the limit in force, and the context carries on.
local model = ripple.model {
  Customer = { name = "string", code = { "string?", pattern = "(a+)+b" } },
}
local ctx = ripple.container(model).viewContext
ctx:insert("Customer", { name = string.rep("a", 24) })
ctx:insert("Customer", { name = "ab" })
ctx:save()

local function count(predicate) return #ctx:fetch { entity = "Customer", predicate = predicate } end

scenario("the default is 10,000,000 steps; setting returns the previous limit", function()
  expect(ripple.regularExpressionStepLimit()):toBe(10000000)
  expect(ripple.regularExpressionStepLimit(20000)):toBe(10000000)
  expect(ripple.regularExpressionStepLimit()):toBe(20000)
  expect(ripple.regularExpressionStepLimit(nil)):toBe(20000)
end)

scenario("a lowered limit stops a catastrophic pattern at that limit, in ICU's words", function()
  expect(function() count("name MATCHES '(a+)+b'") end)
    :toRaise('114-regular-expression-step-limit.lua:13: Can\'t do regex matching, reason: U_REGEX_TIME_OUT: the pattern "(a+)+b" needed more than 20000 steps on a string of 24 characters')
  expect(count("name MATCHES 'a+b?'")):toBe(2)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("validation at save uses the same limit: Core Data's 1680, and the context keeps its changes", function()
  local o = ctx:insert("Customer", { name = "Cy", code = string.rep("a", 24) })
  expect(function() ctx:save() end)
    :toRaise("NSLocalizedFailureReason=Can't do regex matching, reason: U_REGEX_TIME_OUT")
  expect(ctx.hasChanges):toBe(true)
  o.code = "aab"
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
  expect(count("code MATCHES 'a+b'")):toBe(1)
end)

scenario("bad limits are argument errors and leave the limit unchanged", function()
  expect(function() ripple.regularExpressionStepLimit(12345) end)
    :toRaise("bad argument #1 to 'regularExpressionStepLimit' (a multiple of 10000 from 10000 to 1000000000 expected, got 12345)")
  expect(function() ripple.regularExpressionStepLimit(0) end)
    :toRaise("bad argument #1 to 'regularExpressionStepLimit' (a multiple of 10000 from 10000 to 1000000000 expected, got 0)")
  expect(function() ripple.regularExpressionStepLimit(2000000000) end)
    :toRaise("(a multiple of 10000 from 10000 to 1000000000 expected, got 2000000000)")
  expect(function() ripple.regularExpressionStepLimit("many") end)
    :toRaise("bad argument #1 to 'regularExpressionStepLimit'")
  expect(function() ripple.regularExpressionStepLimit(1.5) end)
    :toRaise("bad argument #1 to 'regularExpressionStepLimit'")
  expect(ripple.regularExpressionStepLimit()):toBe(20000)
end)

scenario("a raised limit lets a costlier match finish", function()
  expect(ripple.regularExpressionStepLimit(10000000)):toBe(20000)
  expect(count("name MATCHES '(a|aa)+'")):toBe(1)
end)
