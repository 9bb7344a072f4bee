extension LuaAnnotations {
    static let scenarios = #"""
---Runs `fn` and records whether it passed; a failure reports the file and line of the failed expectation.
---@param name string
---@param fn fun()
function scenario(name, fn) end

---busted's block: `fn` declares tests (`it`) and hooks; full names join the block names with spaces.
---@param name string
---@param fn fun()
function describe(name, fn) end

---The same as `describe`.
---@param name string
---@param fn fun()
function context(name, fn) end

---A test inside `describe` blocks; its full name is the block names and `name` joined with spaces.
---@param name string
---@param fn fun()
function it(name, fn) end

---The same as `it`.
---@param name string
---@param fn fun()
function test(name, fn) end

---Runs `fn` once before the first selected test of the enclosing `describe`.
---@param fn fun()
function setup(fn) end

---Runs `fn` once after the enclosing `describe`, if its setup ran.
---@param fn fun()
function teardown(fn) end

---Runs `fn` before every test of the enclosing `describe` and of the blocks inside it.
---@param fn fun()
function before_each(fn) end

---Runs `fn` after every test of the enclosing `describe` and of the blocks inside it.
---@param fn fun()
function after_each(fn) end

---A test written down but not implemented: reported as pending, never run.
---@param name string
function pending(name) end

---Starts an expectation on `value`: `expect(v):toBe(x)`, `expect(v).never:toBe(x)`.
---@param value any
---@return Expectation
function expect(value) end

---The matchers of `expect(value)`; each returns the expectation, so they chain.
---@class Expectation
---@field never Expectation The negated expectation (`expect(v).never:toBe(x)`).
---@field not Expectation The same as `never` (write `expect(v)["not"]`).
local Expectation = {}

---Passes when `value == expected`.
---@param expected any
---@return Expectation
function Expectation:toBe(expected) end

---Passes when the values are deeply equal (tables compared key by key).
---@param expected any
---@return Expectation
function Expectation:toEqual(expected) end

---Passes when the number is within half a unit of the `digits`-th decimal of `expected`
---(`|value - expected| < 10^-digits / 2`, as Jest's; `digits` defaults to 2).
---@param expected number
---@param digits? integer
---@return Expectation
function Expectation:toBeCloseTo(expected, digits) end

---Passes when the rows a table or collection view shows (each cell's `object` field, or its first field
---holding a managed object) are the controller's objects at the same index paths; else a diff of rows.
---@param controller FetchedResultsController
---@return Expectation
function Expectation:toShow(controller) end

---Passes when the rows a table or collection view shows, in order across its sections, are `objects`
---(rows by their cells' objects, as `toShow`); else a diff of rows.
---@param objects ManagedObject[]
---@return Expectation
function Expectation:toShowObjects(objects) end

---Passes when the value is nil.
---@return Expectation
function Expectation:toBeNil() end

---Passes when the value is neither nil nor false.
---@return Expectation
function Expectation:toBeTruthy() end

---Passes when the value is nil or false.
---@return Expectation
function Expectation:toBeFalsy() end

---Passes when a string contains `item`, or a sequence (or to-many set) has it.
---@param item any
---@return Expectation
function Expectation:toContain(item) end

---Passes when `#value == n`.
---@param n integer
---@return Expectation
function Expectation:toHaveLength(n) end

---Passes when the value is a function that raises an error containing `pattern` (plain text or a Lua pattern).
---@param pattern? string
---@return Expectation
function Expectation:toRaise(pattern) end

---Passes when the list equals `name.golden` next to the calling file (recorded when missing, then fails;
---`RIPPLE_RECORD=1` re-records).
---@param name string
---@return Expectation
function Expectation:toMatchGolden(name) end
"""#
}
