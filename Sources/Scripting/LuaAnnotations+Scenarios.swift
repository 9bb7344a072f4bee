extension LuaAnnotations {
    static let scenarios = #"""
---Runs `fn` and records whether it passed; a failure reports the file and line of the failed expectation.
---@param name string
---@param fn fun()
function scenario(name, fn) end

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
"""#
}
