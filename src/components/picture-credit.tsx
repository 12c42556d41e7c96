// Whose a crest or a player's photo is, and under what licence, as the desk recorded it
// (decision 086): shown beside the picture on its public page.
import { Trans } from '@lingui/react/macro'
import { Fact } from './fact.tsx'

export interface PictureCreditText {
  credit: string
  licence: string | null
}

export function PictureCredit({ picture }: { picture: PictureCreditText | null }) {
  if (!picture) return null
  return (
    <Fact label={<Trans>Picture credit</Trans>}>
      <bdi>{picture.credit}</bdi>
      {picture.licence ? (
        <>
          {' '}
          (<bdi>{picture.licence}</bdi>)
        </>
      ) : null}
    </Fact>
  )
}
