import Testing

/// busted's structure: describe/it, hooks, pending, tags, duplicate names, nested scenarios.
@Suite struct StructureTests {
    static let cart = scratchFile("cart_spec.lua", """
        local log = {}
        describe("a cart", function()
          setup(function() log[#log + 1] = "setup" end)
          teardown(function() log[#log + 1] = "teardown" end)
          before_each(function() log[#log + 1] = "before" end)
          after_each(function() log[#log + 1] = "after" end)
          it("starts empty", function() log[#log + 1] = "it1" end)
          describe("with an item #slow", function()
            before_each(function() log[#log + 1] = "before2" end)
            it("has one item", function() log[#log + 1] = "it2" end)
          end)
          pending("applies coupons")
        end)
        scenario("the hooks ran in order", function()
          expect(log):toEqual({ "setup", "before", "it1", "after", "before", "before2", "it2", "after", "teardown" })
        end)
        """)

    @Test("describe/it nest with full names joined by spaces; hooks run in busted's order; pending is reported apart")
    func describeIt() {
        let result = runRipple(["test", Self.cart])
        #expect(result.status == 0)
        #expect(withoutTimes(result.output) == """
            ✔ \(Self.cart) › a cart starts empty
            ✔ \(Self.cart) › a cart with an item #slow has one item
            ◌ \(Self.cart) › a cart applies coupons (pending)
            ✔ \(Self.cart) › the hooks ran in order
            3 passed, 0 failed, 0 errors, 1 pending

            """)
        let tap = runRipple(["test", "--tap", Self.cart])
        #expect(tap.output.contains("ok 3 - \(Self.cart) › a cart applies coupons # SKIP pending\n"))
    }

    @Test("a duplicate full name is refused with an error naming it")
    func duplicates() {
        let file = scratchFile("dup_spec.lua", """
            describe("a", function() it("b c", function() end) end)
            describe("a b", function() it("c", function() end) end)
            """)
        let result = runRipple(["test", file])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file):2: duplicate test name 'a b c' (full names must be unique in a file)"))
    }

    @Test("a nested scenario runs with its outer one and its failure is reported (--filter outer)")
    func nested() {
        let file = scratchFile("nested.lua", """
            scenario("outer", function()
              scenario("inner", function() expect(1):toBe(2) end)
            end)
            """)
        let result = runRipple(["test", "--filter", "outer", file])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output).hasSuffix("1 passed, 1 failed, 0 errors\n"))
    }
}
