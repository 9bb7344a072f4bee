import SeededRandom
import Testing
@testable import ObjectGraph

/// Elements by number in a dense array plus an overflow dictionary (``DenseNumberTable``: a store's
/// ``RowTable`` since issue 13 T6, each entity's table of an ``ObjectRegistry`` since T5a) against the
/// dictionary they replaced.
@Suite struct DenseNumberTableTests {
    /// A reference-typed element (as the registry's objects are).
    final class Box {
        let marker: Int
        init(_ marker: Int) { self.marker = marker }
    }

    /// 5,000 random writes and removals of elements made by `make` (identified by `marker`), compared with
    /// a dictionary: each written number at once, and every 97 steps the count, the numbers, the largest
    /// number, the values, the dictionary and every number in and around the dense range.
    static func againstDictionary<Element>(seed: UInt64, _ make: (Int) -> Element, _ marker: (Element?) -> Int?) {
        var random = SplitMix64(seed: seed)
        var table = DenseNumberTable<Element>()
        var reference: [Int: Element] = [:]
        var next = 1
        for step in 0..<5_000 {
            let roll = random.next() % 100
            let number: Int
            if roll < 45 {
                number = next                                  // in order, as saves write them
                next += 1 + Int(random.next() % 3)
            } else if roll < 55 {
                number = next + 20 + Int(random.next() % 5_000)  // far past the end: the overflow
            } else if roll < 58 {
                number = -Int(random.next() % 3)               // 0 and negatives (a hand-made file)
            } else {
                number = Int(random.next() % UInt64(next + 50))
            }
            switch random.next() % 8 {
            case 0, 1:
                table[number] = nil
                reference[number] = nil
            case 2:
                table.remove(at: number)
                reference[number] = nil
            case 3:
                table.set(make(step), at: number)
                reference[number] = make(step)
            default:
                table.reserveCapacity(extra: Int(random.next() % 4))
                table[number] = make(step)
                reference[number] = make(step)
            }
            #expect(marker(table[number]) == marker(reference[number]), "step \(step)")
            if step % 97 == 0 {
                #expect(table.count == reference.count)
                #expect(table.isEmpty == reference.isEmpty)
                #expect(table.numbers == reference.keys.sorted())
                #expect(table.largestNumber == (reference.keys.max() ?? 0))
                #expect(table.values.compactMap(marker).sorted() == reference.values.compactMap(marker).sorted())
                #expect(table.dictionary.mapValues { marker($0) } == reference.mapValues { marker($0) })
                for probe in -3...(next + 30) { #expect(marker(table[probe]) == marker(reference[probe])) }
            }
        }
    }

    @Test("store rows (RowTable): random writes and removals, dense and far numbers, zero and negatives: the rows, count, numbers and largest number are the dictionary's",
          arguments: [21, 22, 23] as [UInt64])
    func rowsAgainstDictionary(seed: UInt64) {
        Self.againstDictionary(seed: seed, { (marker: Int) -> StoreRow in
            StoreRow(attributes: [.integer(Int64(marker))], toOne: [], toMany: [])
        }, { (row: StoreRow?) -> Int? in
            if case .integer(let n)? = row?.attributes.first { return Int(n) }
            return nil
        })
        let _: RowTable = DenseNumberTable<StoreRow>()  // the store's table is this type
    }

    @Test("objects (a registry's table): the same against a dictionary of references", arguments: [31, 32] as [UInt64])
    func objectsAgainstDictionary(seed: UInt64) {
        Self.againstDictionary(seed: seed, { Box($0) }, { $0?.marker })
    }

    @Test("the dense range grows over a number first written to the overflow; the number moves on its next write")
    func growOverOverflow() {
        var table = DenseNumberTable<Box>()
        let far = Box(1_000)
        table[1_000] = far                                     // past the dense range: overflow
        for n in 1...1_200 where n != 1_000 { table[n] = Box(n) }
        #expect(table[1_000] === far && table.count == 1_200)  // still found after the range covered it
        #expect(table.largestNumber == 1_200 && table.numbers == Array(1...1_200))
        let replacement = Box(-1)
        table[1_000] = replacement                             // now in the dense slot; the overflow entry goes
        #expect(table[1_000] === replacement && table.count == 1_200)
        #expect(table.dictionary.count == 1_200 && table.values.count == 1_200)
        table[1_000] = nil
        #expect(table[1_000] == nil && table.count == 1_199 && table.values.count == 1_199)
        #expect(table.dictionary[1_000] == nil)
    }

    @Test("an empty table")
    func empty() {
        let table = DenseNumberTable<Int>()
        #expect(table.isEmpty && table.count == 0 && table.numbers.isEmpty && table.values.isEmpty)
        #expect(table.largestNumber == 0 && table.dictionary.isEmpty && table[0] == nil && table[1] == nil)
    }
}
