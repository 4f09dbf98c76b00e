/// The penalty score of ISO/IEC 18004 that picks the mask: the lower, the easier the symbol is to read.
extension ModuleGrid {
    func penalty() -> Int {
        var score = 0
        for index in 0..<size {
            let row = (0..<size).map { self[$0, index] }
            let column = (0..<size).map { self[index, $0] }
            score += Self.runPenalty(row) + Self.finderLikePenalty(row)
            score += Self.runPenalty(column) + Self.finderLikePenalty(column)
        }
        score += blockPenalty() + balancePenalty()
        return score
    }

    /// Rule 1: each run of five or more modules of one colour scores 3, plus 1 for each module past five.
    static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var runLength = 0
        for (index, module) in line.enumerated() {
            runLength = index > 0 && line[index - 1] == module ? runLength + 1 : 1
            let runEnds = index == line.count - 1 || line[index + 1] != module
            if runEnds && runLength >= 5 { score += runLength - 2 }
        }
        return score
    }

    /// Rule 2: each 2 × 2 square of one colour scores 3 (overlapping squares count separately).
    func blockPenalty() -> Int {
        var score = 0
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let module = self[x, y]
                if self[x + 1, y] == module && self[x, y + 1] == module && self[x + 1, y + 1] == module {
                    score += 3
                }
            }
        }
        return score
    }

    /// Rule 3: each dark-light-dark-dark-dark-light-dark run (1:1:3:1:1, like a finder pattern) with four light
    /// modules on either side scores 40. Modules beyond the edge are the quiet zone, so they count as light.
    static func finderLikePenalty(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        func isLight(_ range: Range<Int>) -> Bool {
            range.allSatisfy { !line.indices.contains($0) || !line[$0] }
        }
        var score = 0
        for start in 0...(line.count - pattern.count) {
            let matches = pattern.indices.allSatisfy { line[start + $0] == pattern[$0] }
            if matches && (isLight(start - 4..<start) || isLight(start + 7..<start + 11)) { score += 40 }
        }
        return score
    }

    /// Rule 4: 10 for every full 5 % by which the share of dark modules strays from one half.
    func balancePenalty() -> Int {
        let darkCount = dark.count { $0 }
        let total = dark.count
        return abs(20 * darkCount - 10 * total) / total * 10
    }
}
