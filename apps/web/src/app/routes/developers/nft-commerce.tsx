import { NftCommerceScreen } from '@/features/developers/components/nft-commerce-screen';

export default function DevelopersRoute() {
  return <NftCommerceScreen />;
}
