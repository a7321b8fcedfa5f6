#!/usr/bin/env python3
"""Regenerates libs/documents/src/fonts/*.otf: Noto Sans CJK SC cut down to the characters our
documents print (every CJK character in the TypeScript sources, ASCII, Latin-1 and CJK
punctuation), so Chinese statements and receipts render with no font installed on the host.

Run after adding Chinese text to a document (needs Debian's fonts-noto-cjk and python3-fonttools):
    /usr/bin/python3 tools/scripts/subset-cjk-fonts.py
"""
import pathlib
import re

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ('services', 'libs', 'runtime')
FONTS = {
    'Regular': '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    'Bold': '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
}
SC_INDEX = 2  # Noto Sans CJK SC in the collection
CJK = re.compile('[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]')


def wanted_text() -> str:
    chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
    chars |= set('€–—‘’“”•…')
    for folder in SOURCES:
        for file in (ROOT / folder).rglob('*.ts'):
            if 'node_modules' in file.parts:
                continue
            chars |= set(CJK.findall(file.read_text(encoding='utf8')))
    return ''.join(sorted(chars))


def main() -> None:
    text = wanted_text()
    out_dir = ROOT / 'libs/documents/src/fonts'
    for weight, collection in FONTS.items():
        font = TTCollection(collection).fonts[SC_INDEX]
        options = subset.Options()
        options.name_IDs = ['*']
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        target = out_dir / f'NotoSansSC-{weight}.subset.otf'
        font.save(str(target))
        print(f'{target.relative_to(ROOT)}: {len(text)} characters, {target.stat().st_size} bytes')


if __name__ == '__main__':
    main()
