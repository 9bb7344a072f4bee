-- Assertions people expect: toBeCloseTo (Jest's rule), numbers that print alike shown with all their
-- digits, line diffs for multi-line strings. Messages compared byte for byte.

local function failure(f)
  local ok, err = pcall(f)
  if ok then return "(no error)" end
  return err:match("141%-no%-false%-greens%-matchers%.lua:%d+: (.*)$") or err
end

scenario("toBeCloseTo: |value - expected| < 10^-digits / 2, digits 2 by default", function()
  expect(0.1 + 0.2):toBeCloseTo(0.3)
  expect(0.3):toBeCloseTo(0.304)
  expect(3.14159):toBeCloseTo(3.1416, 4)
  expect(10):toBeCloseTo(14, -1)
  expect(1 / 0):toBeCloseTo(1 / 0)
  expect(0.3).never:toBeCloseTo(0.31)
  expect(failure(function() expect(0.3):toBeCloseTo(0.31) end))
    :toBe("expected 0.3 to be close to 0.31 (2 digits: |difference| < 0.005, got 0.01)")
  expect(failure(function() expect(3.14159):toBeCloseTo(3.14, 3) end))
    :toBe("expected 3.14159 to be close to 3.14 (3 digits: |difference| < 0.0005, got 0.00159)")
  expect(failure(function() expect("0.3"):toBeCloseTo(0.3) end))
    :toBe('expected "0.3" to be close to 0.3 (a number expected)')
  expect(failure(function() expect(0.3):toBeCloseTo("0.3") end))
    :toBe("bad argument #1 to 'toBeCloseTo' (number expected, got string)")
  expect(failure(function() expect(0.3):toBeCloseTo(0.3, 1.5) end))
    :toBe("bad argument #2 to 'toBeCloseTo' (integer expected, got float)")
end)

scenario("numbers that print alike are shown with all their digits", function()
  expect(failure(function() expect(0.1 + 0.2):toBe(0.3) end))
    :toBe("expected 0.30000000000000004 to be 0.3")
  expect(failure(function() expect({ 0.1 + 0.2 }):toEqual({ 0.3 }) end))
    :toBe("expected {0.30000000000000004} to equal {0.3}\n--- expected\n+++ actual\n- 0.3\n+ 0.30000000000000004")
  expect(failure(function() expect(1):toBe(2) end)):toBe("expected 1 to be 2")
  expect(failure(function() expect(1):toBe(1.0 + 1e-15) end)):toBe("expected 1 to be 1.000000000000001")
end)

scenario("multi-line strings get a line diff", function()
  local expected = "Contacts\nAda Lovelace\nAlan Turing\nGrace Hopper"
  local actual = "Contacts\nAda Lovelace\nGrace Hopper\nLinus"
  expect(failure(function() expect(actual):toBe(expected) end)):toBe(table.concat({
    "expected a string of 4 lines to be a string of 4 lines",
    "--- expected",
    "+++ actual",
    "  …",
    "  Ada Lovelace",
    "- Alan Turing",
    "  Grace Hopper",
    "+ Linus",
  }, "\n"))
  expect(failure(function() expect("one line"):toEqual("two\nlines") end)):toBe(table.concat({
    "expected a string of 1 line to equal a string of 2 lines",
    "--- expected",
    "+++ actual",
    "- two",
    "- lines",
    "+ one line",
  }, "\n"))
  -- One-line strings keep the short message.
  expect(failure(function() expect("a"):toBe("b") end)):toBe('expected "a" to be "b"')
end)
